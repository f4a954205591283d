//! The commands the documentation shows cannot rot: every `gomoku ...` and `pbrain-gomoku ...`
//! line of the shell blocks (```sh, ```bash, ```shell, ```console) of README.md, the crates'
//! READMEs, benches/README.md and every docs/*.md is parsed with the program's own argument
//! parser, so a renamed or removed flag fails here rather than for the reader.
//!
//! How a block line becomes a command: continuation lines (`\` at the end) are joined, a
//! `$ ` prompt is dropped (in ```console blocks only prompted lines are commands), `#` starts a
//! comment, and the line is cut into commands at `|`, `&&`, `||` and `;`, with redirections
//! (`> FILE`, `2>&1`, `< FILE`) and subshell parentheses left out. A command is ours when its
//! program is `gomoku` or `pbrain-gomoku` (in any directory: `target/release/gomoku`), or
//! `cargo run ... -p gomoku-cli ... -- ARGS` (`--bin pbrain-gomoku` for the protocol engine).
//! A shell variable (`$N`, `${DIR}`) stands for a value the reader fills in: it becomes `1`,
//! which parses as a count, a duration (milliseconds), a seed, a rule (its Gomocup code) or a
//! path, and `"$TASK/8"` as a shard.

use std::path::{Path, PathBuf};

use clap::Parser;
use clap::error::ErrorKind;
use gomoku_cli::cli::{BrainCli, Cli};

/// Which program a command line runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Program {
    Gomoku,
    Brain,
}

/// A command found in a document: the line it starts on, the text the reader sees, the program
/// and the arguments it is given.
#[derive(Debug)]
struct Shown {
    line: usize,
    text: String,
    program: Program,
    args: Vec<String>,
}

/// The kind of fenced block the scanner is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// Every line is a command (```sh, ```bash, ```shell).
    Shell,
    /// Only `$ `-prompted lines are commands; the rest is output (```console).
    Console,
    /// Not shell (```text, ```rust, ```json...): skipped.
    Other,
}

/// The documents whose shell blocks are checked: those of the workspace that exist.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("gomoku-cli sits in the workspace");
    let mut files: Vec<PathBuf> = [
        "README.md",
        "gomoku-core/README.md",
        "gomoku-ai/README.md",
        "gomoku-cli/README.md",
        "benches/README.md",
    ]
    .iter()
    .map(|name| root.join(name))
    .filter(|path| path.is_file())
    .collect();
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
}

/// The command lines of a document's shell blocks, continuation lines joined, each with the
/// line number it starts on.
fn shell_lines(markdown: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut block = None;
    let mut pending: Option<(usize, String)> = None;
    for (index, raw) in markdown.lines().enumerate() {
        let trimmed = raw.trim();
        if let Some(info) = trimmed.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(match info.trim() {
                    "sh" | "bash" | "shell" | "zsh" => Block::Shell,
                    "console" | "shell-session" => Block::Console,
                    _ => Block::Other,
                }),
            };
            pending = None;
            continue;
        }
        let console = match block {
            Some(Block::Shell) => false,
            Some(Block::Console) => true,
            Some(Block::Other) | None => continue,
        };
        let (start, text) = match pending.take() {
            Some((start, so_far)) => (start, format!("{so_far} {trimmed}")),
            None => match trimmed.strip_prefix("$ ") {
                Some(command) => (index + 1, command.to_string()),
                None if console => continue,
                None => (index + 1, trimmed.to_string()),
            },
        };
        match text.strip_suffix('\\') {
            Some(joined) => pending = Some((start, joined.trim_end().to_string())),
            None => lines.push((start, text)),
        }
    }
    lines
}

/// A word of a shell line, or an operator that separates commands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    /// `|`, `||`, `&&`, `;` or `&`: the next command starts after it.
    Separator,
    /// `>`, `>>`, `<`, `2>`, `&>`...: the next word is a file, not an argument.
    Redirect,
}

/// Splits a shell line into words (with the quotes removed) and operators, up to a comment.
fn tokens(line: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    // Whether `word` holds a word, even an empty quoted one.
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    let finish = |word: &mut String, in_word: &mut bool, tokens: &mut Vec<Token>| {
        if *in_word {
            tokens.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                word.extend(chars.by_ref().take_while(|&q| q != '\''));
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            '|' | ';' | '&' if chars.peek() == Some(&'>') => {
                // `&>` and `|&`-style forms: a redirection of both streams.
                chars.next();
                finish(&mut word, &mut in_word, &mut tokens);
                tokens.push(Token::Redirect);
            }
            '|' | ';' | '&' => {
                finish(&mut word, &mut in_word, &mut tokens);
                if chars.peek() == Some(&c) {
                    chars.next();
                }
                tokens.push(Token::Separator);
            }
            '>' | '<' => {
                // A file descriptor before it (`2>`) belongs to the redirection.
                if in_word && word.chars().all(|d| d.is_ascii_digit()) {
                    word.clear();
                    in_word = false;
                }
                finish(&mut word, &mut in_word, &mut tokens);
                if chars.peek() == Some(&c) {
                    chars.next();
                }
                if chars.peek() == Some(&'&') {
                    // `2>&1`: the target is a descriptor, no file follows as a word of its own.
                    chars.next();
                    while chars.peek().is_some_and(char::is_ascii_digit) {
                        chars.next();
                    }
                } else {
                    tokens.push(Token::Redirect);
                }
            }
            '(' | ')' => finish(&mut word, &mut in_word, &mut tokens),
            c if c.is_whitespace() => finish(&mut word, &mut in_word, &mut tokens),
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    finish(&mut word, &mut in_word, &mut tokens);
    tokens
}

/// The commands of a shell line: its words between separators, redirections left out.
fn commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = vec![Vec::new()];
    let mut skip_file = false;
    for token in tokens(line) {
        match token {
            Token::Separator => commands.push(Vec::new()),
            Token::Redirect => skip_file = true,
            Token::Word(_) if skip_file => skip_file = false,
            Token::Word(word) => commands.last_mut().expect("one command").push(word),
        }
    }
    commands.retain(|words| !words.is_empty());
    commands
}

/// A shell variable (`$N`, `${N}`) stands for a value the reader fills in: `1`, so that
/// `"$TASK/8"` becomes the shard `1/8` and `"runs/$TASK"` the path `runs/1`.
fn fill_in(word: String) -> String {
    let mut filled = String::with_capacity(word.len());
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            filled.push(c);
            continue;
        }
        if chars.next_if_eq(&'{').is_some() {
            chars.by_ref().take_while(|&n| n != '}').for_each(drop);
        } else {
            while chars
                .next_if(|n| n.is_ascii_alphanumeric() || *n == '_')
                .is_some()
            {}
        }
        filled.push('1');
    }
    filled
}

/// The program and arguments of a command if it runs ours, as `gomoku ARGS`, a path to it, or
/// `cargo run -p gomoku-cli [--bin NAME] -- ARGS`.
fn ours(words: &[String]) -> Option<(Program, Vec<String>)> {
    // Environment assignments before the program (`NO_COLOR=1 gomoku play`).
    let assignment = |word: &String| word.contains('=') && !word.starts_with('-');
    let start = words.iter().position(|word| !assignment(word))?;
    let words = &words[start..];
    let program = words[0].rsplit('/').next().unwrap_or_default();
    let (program, args) = match program {
        "gomoku" => (Program::Gomoku, &words[1..]),
        "pbrain-gomoku" => (Program::Brain, &words[1..]),
        "cargo" if words.get(1).is_some_and(|w| w == "run") => {
            let dash = words.iter().position(|w| w == "--");
            let options = &words[..dash.unwrap_or(words.len())];
            let package = options.windows(2).any(|pair| {
                matches!(pair[0].as_str(), "-p" | "--package") && pair[1] == "gomoku-cli"
            });
            if !package {
                return None;
            }
            let binary = options
                .windows(2)
                .find(|pair| pair[0] == "--bin")
                .map(|pair| pair[1].as_str());
            let program = match binary {
                Some("pbrain-gomoku") => Program::Brain,
                _ => Program::Gomoku,
            };
            (program, dash.map_or(&[][..], |dash| &words[dash + 1..]))
        }
        _ => return None,
    };
    let name = match program {
        Program::Gomoku => "gomoku",
        Program::Brain => "pbrain-gomoku",
    };
    let args = std::iter::once(name.to_string())
        .chain(args.iter().cloned().map(fill_in))
        .collect();
    Some((program, args))
}

/// Every command of ours that a document's shell blocks show.
fn shown(markdown: &str) -> Vec<Shown> {
    shell_lines(markdown)
        .into_iter()
        .flat_map(|(line, text)| {
            commands(&text)
                .into_iter()
                .filter_map(|words| ours(&words))
                .map(move |(program, args)| Shown {
                    line,
                    text: text.clone(),
                    program,
                    args,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Parses a command with the program's own parser; `--help` and `--version` count as parsed.
fn parse(command: &Shown) -> Result<(), String> {
    let result = match command.program {
        Program::Gomoku => Cli::try_parse_from(&command.args).map(drop),
        Program::Brain => BrainCli::try_parse_from(&command.args).map(drop),
    };
    match result {
        Ok(()) => Ok(()),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => Ok(()),
        Err(e) => Err(e.render().to_string()),
    }
}

#[test]
fn every_documented_command_parses() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in documents() {
        let markdown = std::fs::read_to_string(&path).expect("a readable document");
        for command in shown(&markdown) {
            checked += 1;
            if let Err(e) = parse(&command) {
                failures.push(format!(
                    "{}:{}: {}\n{}",
                    path.display(),
                    command.line,
                    command.text,
                    e.trim_end()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} documented commands do not parse:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // The guides show over fifty; finding few means the scanner broke, not the docs.
    assert!(checked >= 40, "only {checked} documented commands found");
}

#[test]
fn the_readme_shows_both_commands_early() {
    let readme = documents().remove(0);
    let text = std::fs::read_to_string(readme).expect("README.md");
    let head: Vec<&str> = text.lines().take(20).collect();
    for command in [
        "cargo run --release -p gomoku-cli -- play",
        "cargo test --workspace",
    ] {
        assert!(
            head.iter().any(|line| line.contains(command)),
            "`{command}` is not in the README's first 20 lines"
        );
    }
}

#[test]
fn a_renamed_flag_fails() {
    let doc = "```sh\ngomoku match engine gm8 --time 100ms -n 2   # fine\n\
               gomoku match engine gm8 --movetime 100ms\n```\n";
    let found = shown(doc);
    assert_eq!(found.len(), 2);
    assert_eq!(parse(&found[0]), Ok(()));
    let error = parse(&found[1]).unwrap_err();
    assert!(error.contains("--movetime"), "{error}");
}

#[test]
fn shell_syntax_around_the_commands() {
    let doc = "\
Text with `gomoku play --no-such-flag` outside any block is not a command.

```sh
cargo run --release -p gomoku-cli -- play --rule renju   # the first command
cargo build --release -p gomoku-cli && target/release/gomoku bench > bench.txt 2>&1
(cd ../base && cargo run -p gomoku-cli --bin pbrain-gomoku -- --threads 2)
gomoku match engine 'pbrain:/opt/my engine' \\
    --time $MOVE_TIME -n ${GAMES} --shard \"$TASK/8\"
echo 'START 15' | target/release/pbrain-gomoku | head -1
NO_COLOR=1 gomoku play --lines < moves.txt
```

```text
gomoku this is output, not a command
```

```console
$ gomoku show game.sgf
gomoku: output again
```
";
    let found: Vec<(usize, Program, Vec<String>)> = shown(doc)
        .into_iter()
        .map(|s| (s.line, s.program, s.args))
        .collect();
    let words = |line: &str| -> Vec<String> { line.split(' ').map(String::from).collect() };
    let mut spaced = words("gomoku match engine X --time 1 -n 1 --shard 1/8");
    spaced[3] = "pbrain:/opt/my engine".to_string();
    assert_eq!(
        found,
        vec![
            (4, Program::Gomoku, words("gomoku play --rule renju")),
            (5, Program::Gomoku, words("gomoku bench")),
            (6, Program::Brain, words("pbrain-gomoku --threads 2")),
            (7, Program::Gomoku, spaced),
            (9, Program::Brain, words("pbrain-gomoku")),
            (10, Program::Gomoku, words("gomoku play --lines")),
            (18, Program::Gomoku, words("gomoku show game.sgf")),
        ]
    );
}
