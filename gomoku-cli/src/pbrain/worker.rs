//! The search thread: owns the [`Player`] and runs one search at a time, so the session keeps
//! reading input while the brain thinks. Progress and results go back as events.

use std::sync::mpsc::{self, Sender, SyncSender};
use std::thread;

use gomoku_ai::{Limits, Player};
use gomoku_rules::{Board, Rule};

use super::event_loop::Event;

/// Work for the search thread.
pub(crate) enum Job {
    /// Choose a move for the side to move on `board`.
    Search {
        /// Identifies the answer.
        id: u64,
        /// The position.
        board: Box<Board>,
        /// The rule.
        rule: Rule,
        /// Time, depth and node limits, and the stop flag.
        limits: Limits,
    },
    /// Forget what was learnt (new game, `YXHASHCLEAR`).
    NewGame,
}

/// The handle of the search thread. Dropping it lets the thread finish its job and end.
pub(crate) struct Worker {
    jobs: Sender<Job>,
}

impl Worker {
    /// Starts the search thread with `player`, reporting to `events`.
    pub(crate) fn spawn(
        mut player: Box<dyn Player>,
        events: SyncSender<Event>,
    ) -> std::io::Result<Worker> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("pbrain-search".into())
            .spawn(move || {
                for job in inbox {
                    match job {
                        Job::NewGame => player.new_game(),
                        Job::Search {
                            id,
                            board,
                            rule,
                            limits,
                        } => {
                            let progress = events.clone();
                            let result = player.choose(&board, rule, &limits, &mut |info| {
                                let _ = progress.send(Event::Progress(id, info.clone()));
                            });
                            if events.send(Event::Done(id, result)).is_err() {
                                return;
                            }
                        }
                    }
                }
            })?;
        Ok(Worker { jobs })
    }

    /// Queues a job (ignored if the thread has died).
    pub(crate) fn send(&self, job: Job) {
        let _ = self.jobs.send(job);
    }
}
