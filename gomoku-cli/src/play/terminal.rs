//! The keyboard frontend: a cursor on the board, moved with the arrow keys, hjkl or WASD, and
//! Enter or Space to place a stone; moves and commands can still be typed.
//!
//! Typed text and cursor keys share the keyboard this way: letters collect in an input line; as
//! long as that line holds only the cursor letters (`hjkl`, `wasd`), each of them moves the cursor
//! and Enter/Space place the stone at the cursor. As soon as another character is typed (a digit
//! in "h8", the `o` of "load"), the cursor goes back where it was and the line is a typed move or
//! command, carried out with Enter. Esc clears the line; Ctrl-C quits.

use std::io::{self, Write};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, terminal};

use gomoku_rules::Point;

use crate::play::command::{Command, parse_command};
use crate::play::render::{RenderOptions, render_board, render_status};
use crate::play::session::{Reply, Session};
use crate::play::{describe_ai_action, describe_progress};

/// The letters that move the cursor when typed alone.
const CURSOR_LETTERS: &str = "hjklwasd";

/// The cursor step of a key: `(dcol, drow)`, rows counting upwards.
fn cursor_step(key: KeyCode) -> Option<(i32, i32)> {
    match key {
        KeyCode::Left | KeyCode::Char('h' | 'a') => Some((-1, 0)),
        KeyCode::Right | KeyCode::Char('l' | 'd') => Some((1, 0)),
        KeyCode::Up | KeyCode::Char('k' | 'w') => Some((0, 1)),
        KeyCode::Down | KeyCode::Char('j' | 's') => Some((0, -1)),
        _ => None,
    }
}

/// The state of the keyboard frontend.
struct Screen {
    cursor: Point,
    /// The cursor before the current input line started moving it.
    cursor_before: Point,
    line: String,
    messages: Vec<String>,
    confirming_quit: bool,
    color: bool,
}

impl Screen {
    fn is_cursor_line(&self) -> bool {
        self.line.chars().all(|c| CURSOR_LETTERS.contains(c))
    }

    fn say(&mut self, text: impl Into<String>) {
        let text = text.into();
        if !text.is_empty() {
            self.messages.extend(text.lines().map(str::to_string));
        }
        let keep = 12;
        if self.messages.len() > keep {
            self.messages.drain(..self.messages.len() - keep);
        }
    }

    fn draw(&self, session: &Session, out: &mut impl Write) -> io::Result<()> {
        queue!(
            out,
            cursor::MoveTo(0, 0),
            terminal::Clear(terminal::ClearType::All)
        )?;
        let options = RenderOptions {
            color: self.color,
            numbers: session.numbers(),
            cursor: Some(self.cursor),
        };
        let board = render_board(session.game(), &session.forbidden_points(), options);
        for line in board.lines() {
            write!(out, "{line}\r\n")?;
        }
        write!(out, "{}\r\n", render_status(session.game()))?;
        if let Some(outcome) = session.game().is_over().then(|| session.game().outcome()) {
            write!(out, "*** {outcome} ***\r\n")?;
        }
        write!(
            out,
            "arrows/hjkl/WASD move, Enter/Space place, type a move or command (help), Ctrl-C quits\r\n"
        )?;
        for m in &self.messages {
            write!(out, "{m}\r\n")?;
        }
        if let Some(opening) = session
            .opening_prompt()
            .filter(|_| !session.game().is_over())
        {
            write!(out, "{opening}\r\n")?;
        }
        if self.confirming_quit {
            write!(out, "Moves are not saved. Quit anyway? (y/n) ")?;
        } else {
            write!(out, "> {}", self.line)?;
        }
        out.flush()
    }

    fn move_cursor(&mut self, (dc, dr): (i32, i32), size: u8) {
        if let Some(p) = self.cursor.offset(dc, dr, size) {
            self.cursor = p;
        }
    }
}

/// Runs the session with the keyboard frontend until quit. Restores the terminal on the way out.
///
/// # Errors
/// Terminal I/O errors.
pub fn run_terminal(session: &mut Session, color: bool) -> io::Result<()> {
    let mut out = io::stdout();
    terminal::enable_raw_mode()?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Show)?;
    let result = event_loop(session, color, &mut out);
    let _ = execute!(out, terminal::LeaveAlternateScreen, cursor::Show);
    let _ = terminal::disable_raw_mode();
    if result.is_ok() {
        // Leave the final position on the normal screen.
        let options = RenderOptions {
            color,
            numbers: session.numbers(),
            cursor: None,
        };
        println!(
            "{}",
            render_board(session.game(), &session.forbidden_points(), options)
        );
        println!("{}", render_status(session.game()));
    }
    result
}

fn event_loop(session: &mut Session, color: bool, out: &mut impl Write) -> io::Result<()> {
    let centre = Point::center(session.game().size());
    let mut screen = Screen {
        cursor: centre,
        cursor_before: centre,
        line: String::new(),
        messages: [
            Some("Type help for the commands.".to_string()),
            (session.opening().rule() != gomoku_rules::OpeningRule::Free)
                .then(|| session.opening().rule().explain(session.game().rule())),
        ]
        .into_iter()
        .flatten()
        .collect(),
        confirming_quit: false,
        color,
    };
    loop {
        screen.draw(session, out)?;
        if session.ai_to_move() {
            let mut report = |info: &gomoku_ai::SearchInfo| {
                let _ = write!(out, "\r\x1b[K{}", describe_progress(info));
                let _ = out.flush();
            };
            match session.play_ai(&mut report) {
                Ok(action) => screen.say(describe_ai_action(&action)),
                Err(e) => screen.say(format!("error: {e}")),
            }
            continue;
        }
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind == KeyEventKind::Release {
            continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Ok(());
        }
        if screen.confirming_quit {
            screen.confirming_quit = false;
            let answer = match key.code {
                KeyCode::Char(c) => c.to_string(),
                _ => String::new(),
            };
            match session.confirm_quit(&answer) {
                Reply::Quit => return Ok(()),
                other => handle_reply(&mut screen, other),
            }
            continue;
        }
        if let Some(reply) = handle_key(session, &mut screen, key) {
            match reply {
                Reply::Quit => return Ok(()),
                Reply::ConfirmQuit => screen.confirming_quit = true,
                other => handle_reply(&mut screen, other),
            }
        }
    }
}

fn handle_reply(screen: &mut Screen, reply: Reply) {
    match reply {
        Reply::Message(m) => screen.say(m),
        Reply::Error(e) => screen.say(format!("error: {e}")),
        Reply::ConfirmQuit | Reply::Quit => {}
    }
}

/// Applies one key; returns the session's reply when a command ran.
fn handle_key(session: &mut Session, screen: &mut Screen, key: KeyEvent) -> Option<Reply> {
    let size = session.game().size();
    match key.code {
        KeyCode::Left | KeyCode::Right | KeyCode::Up | KeyCode::Down => {
            screen.move_cursor(cursor_step(key.code)?, size);
            None
        }
        KeyCode::Enter | KeyCode::Char(' ') if screen.is_cursor_line() => {
            screen.line.clear();
            Some(session.execute(Command::Move(screen.cursor)))
        }
        KeyCode::Enter => {
            let line = std::mem::take(&mut screen.line);
            screen.say(format!("> {line}"));
            match parse_command(&line, size) {
                Ok(command) => {
                    if let Command::Move(p) = command {
                        screen.cursor = p;
                    }
                    Some(session.execute(command))
                }
                Err(e) => Some(Reply::Error(e.to_string())),
            }
        }
        KeyCode::Esc => {
            if !screen.is_cursor_line() {
                screen.cursor = screen.cursor_before;
            }
            screen.line.clear();
            None
        }
        KeyCode::Backspace => {
            screen.line.pop();
            None
        }
        KeyCode::Char(c) => {
            let was_cursor_line = screen.is_cursor_line();
            if screen.line.is_empty() {
                screen.cursor_before = screen.cursor;
            }
            screen.line.push(c.to_ascii_lowercase());
            if screen.is_cursor_line() {
                screen.move_cursor(cursor_step(KeyCode::Char(c.to_ascii_lowercase()))?, size);
            } else if was_cursor_line {
                // The letters were the start of a typed move or command after all.
                screen.cursor = screen.cursor_before;
            }
            None
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::Seat;
    use gomoku_rules::{Game, Rule};
    use std::time::Duration;

    fn press(session: &mut Session, screen: &mut Screen, keys: &[KeyCode]) -> Vec<Reply> {
        keys.iter()
            .filter_map(|&k| handle_key(session, screen, KeyEvent::from(k)))
            .collect()
    }

    fn setup() -> (Session, Screen) {
        let game = Game::new(15, Rule::Freestyle).unwrap();
        let session = Session::new(game, Seat::Human, Seat::Human, Duration::ZERO);
        let screen = Screen {
            cursor: Point::center(15),
            cursor_before: Point::center(15),
            line: String::new(),
            messages: vec![],
            confirming_quit: false,
            color: false,
        };
        (session, screen)
    }

    #[test]
    fn cursor_keys_move_and_place() {
        let (mut session, mut screen) = setup();
        use KeyCode::*;
        press(&mut session, &mut screen, &[Up, Up, Right, Enter]);
        assert_eq!(session.game().move_string(), "i10");
        // Letters move too, and Space places.
        press(
            &mut session,
            &mut screen,
            &[Char('j'), Char('h'), Char(' ')],
        );
        assert_eq!(session.game().move_string(), "i10 h9");
        press(&mut session, &mut screen, &[Char('s'), Char('a'), Enter]);
        assert_eq!(session.game().move_string(), "i10 h9 g8");
    }

    #[test]
    fn typed_moves_and_commands_win_over_cursor_letters() {
        let (mut session, mut screen) = setup();
        use KeyCode::*;
        press(&mut session, &mut screen, &[Char('d'), Char('4'), Enter]);
        assert_eq!(session.game().move_string(), "d4");
        let replies = press(
            &mut session,
            &mut screen,
            &[Char('u'), Char('n'), Char('d'), Char('o'), Enter],
        );
        assert!(matches!(replies[0], Reply::Message(_)));
        assert_eq!(session.game().move_string(), "");
        // A bad typed line is an error and changes nothing.
        let replies = press(&mut session, &mut screen, &[Char('z'), Char('9'), Enter]);
        assert!(matches!(replies[0], Reply::Error(_)));
        assert_eq!(session.game().move_string(), "");
        // Esc drops a half-typed line and puts the cursor back.
        let before = screen.cursor;
        press(
            &mut session,
            &mut screen,
            &[Char('h'), Char('e'), Esc, Enter],
        );
        assert_eq!(screen.cursor, before);
        assert_eq!(session.game().move_string(), before.to_string());
    }
}
