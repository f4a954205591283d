//! A table shared by the HTTP handlers and the engine: the lock around it, the searches it
//! starts (each on a blocking thread of the runtime), and the events that tell open pages about
//! every change (`state`) and about the engine's progress (`info`).
//!
//! Locks: the table's lock is never held while a player is locked (a search holds its player
//! for the whole search and reports progress through the separate `live` lock), so a search
//! never waits for a handler nor a handler for a search.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

use tokio::sync::broadcast;

use gomoku_ai::SearchInfo;
use gomoku_rules::Color;

use crate::gui::table::{SearchJob, SearchKind, Table, TableError, lock_player};
use crate::gui::view::{GameView, InfoView};

/// How many events a slow page may fall behind before it is sent the whole state again.
const EVENT_BUFFER: usize = 64;

/// A change a page hears about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The whole state changed: its JSON ([`GameView`]).
    State(String),
    /// A search's progress: its JSON ([`InfoView`]).
    Info(String),
}

/// A table, shared.
#[derive(Debug)]
pub struct TableHandle {
    id: String,
    table: Mutex<Table>,
    live: Mutex<Option<InfoView>>,
    events: broadcast::Sender<Event>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Views hold only strings, numbers and lists: they always serialize.
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

impl TableHandle {
    /// Shares `table` under `id`.
    pub fn new(id: String, table: Table) -> Arc<TableHandle> {
        Arc::new(TableHandle {
            id,
            table: Mutex::new(table),
            live: Mutex::new(None),
            events: broadcast::channel(EVENT_BUFFER).0,
        })
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Locks the table.
    pub fn lock(&self) -> MutexGuard<'_, Table> {
        lock(&self.table)
    }

    /// The state of the locked `table`.
    fn view_of(&self, table: &Table) -> GameView {
        GameView::new(&self.id, table, lock(&self.live).as_ref())
    }

    /// The current state.
    pub fn view(&self) -> GameView {
        self.view_of(&self.lock())
    }

    /// Events from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// Carries out `action` on the table; then starts the engine if it is to move and tells the
    /// pages. Returns the action's answer and the new state.
    ///
    /// # Errors
    /// The action's error; nothing changed then.
    pub fn act<T>(
        self: &Arc<Self>,
        action: impl FnOnce(&mut Table) -> Result<T, TableError>,
    ) -> Result<(T, GameView), TableError> {
        let answer = action(&mut self.lock())?;
        let view = self.drive();
        Ok((answer, view))
    }

    /// Starts the AI's move if one is due, tells the pages the state, and returns it. Must be
    /// called inside the runtime.
    pub fn drive(self: &Arc<Self>) -> GameView {
        let (job, view) = {
            let mut table = self.lock();
            let job = table.next_engine_move();
            (job, self.view_of(&table))
        };
        // Pages hear of the search before its first report (no page listening is fine).
        let _ = self.events.send(Event::State(to_json(&view)));
        if let Some(job) = job {
            self.spawn(job);
        }
        view
    }

    /// Tells the pages the current state (from any thread: starts nothing).
    pub fn publish(&self) {
        let view = self.view();
        let _ = self.events.send(Event::State(to_json(&view)));
    }

    /// Runs a search the table started (an AI move or an analysis) on a blocking thread, then
    /// hands its answer to the table.
    pub fn spawn(self: &Arc<Self>, job: SearchJob) {
        tokio::spawn(run_search(Arc::downgrade(self), job));
    }

    fn report(&self, search: u64, kind: SearchKind, color: Color, info: &SearchInfo) {
        let view = InfoView::new(search, kind, color, info);
        let json = to_json(&view);
        *lock(&self.live) = Some(view);
        let _ = self.events.send(Event::Info(json));
    }
}

/// The body of [`TableHandle::spawn`]. Holds the table weakly while waiting: a deleted game
/// just drops its answer.
async fn run_search(handle: Weak<TableHandle>, job: SearchJob) {
    if !job.delay.is_zero() {
        tokio::time::sleep(job.delay).await;
        match handle.upgrade() {
            Some(h) if h.lock().is_current(job.id) => {}
            _ => return,
        }
    }
    let SearchJob {
        id,
        kind,
        color,
        board,
        rule,
        limits,
        player,
        ..
    } = job;
    let reporter = handle.clone();
    let answer = tokio::task::spawn_blocking(move || {
        let mut player = lock_player(&player);
        player.choose(&board, rule, &limits, &mut |info| {
            if let Some(h) = reporter.upgrade() {
                h.report(id, kind, color, info);
            }
        })
    })
    .await
    .map_err(|e| format!("the engine stopped: {e}"));
    let Some(handle) = handle.upgrade() else {
        return;
    };
    let applied = handle.lock().finish(id, answer);
    if applied {
        handle.drive();
    }
}
