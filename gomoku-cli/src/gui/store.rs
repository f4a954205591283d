//! The games the server keeps, one per page (tab), by id. Ids are hard to guess and differ
//! between server runs, so a page left open from an earlier run asks for a new game instead of
//! taking over another one. When the store is full, the game unused for longest (and not
//! thinking) makes room.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use thiserror::Error;

use crate::gui::runner::TableHandle;
use crate::gui::table::Table;

/// How many games the server keeps at once by default.
pub const DEFAULT_MAX_GAMES: usize = 32;

/// The store is full of games that are all thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("too many games at once ({0}); close a tab or stop an engine")]
pub struct StoreFull(pub usize);

#[derive(Debug)]
struct Entry {
    handle: Arc<TableHandle>,
    used: Instant,
}

/// The games, by id.
#[derive(Debug)]
pub struct Store {
    games: Mutex<HashMap<String, Entry>>,
    max: usize,
    ids: RandomState,
    serial: AtomicU64,
}

impl Store {
    /// An empty store that keeps at most `max` games (at least one).
    pub fn new(max: usize) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max: max.max(1),
            ids: RandomState::new(),
            serial: AtomicU64::new(0),
        }
    }

    fn new_id(&self) -> String {
        let mut hasher = self.ids.build_hasher();
        hasher.write_u64(self.serial.fetch_add(1, Ordering::Relaxed));
        format!("{:016x}", hasher.finish())
    }

    /// Keeps `table` under a new id, making room if needed.
    ///
    /// # Errors
    /// [`StoreFull`] when every game kept is thinking.
    pub fn insert(&self, table: Table) -> Result<Arc<TableHandle>, StoreFull> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if games.len() >= self.max {
            let oldest_idle = games
                .iter()
                .filter(|(_, e)| e.handle.lock().searching().is_none())
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| id.clone());
            match oldest_idle {
                Some(id) => games.remove(&id),
                None => return Err(StoreFull(self.max)),
            };
        }
        let mut id = self.new_id();
        while games.contains_key(&id) {
            id = self.new_id();
        }
        let handle = TableHandle::new(id.clone(), table);
        games.insert(
            id,
            Entry {
                handle: handle.clone(),
                used: Instant::now(),
            },
        );
        Ok(handle)
    }

    /// The game `id`, marked as used now.
    pub fn get(&self, id: &str) -> Option<Arc<TableHandle>> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = games.get_mut(id)?;
        entry.used = Instant::now();
        Some(entry.handle.clone())
    }

    /// Forgets game `id`; whether it was kept.
    pub fn remove(&self, id: &str) -> Option<Arc<TableHandle>> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.remove(id).map(|e| e.handle)
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::settings::Settings;

    fn humans() -> Table {
        Table::new(Settings {
            players: ["human".parse().unwrap(), "human".parse().unwrap()],
            ..Settings::default()
        })
        .unwrap()
    }

    #[test]
    fn ids_differ_and_the_least_recently_used_game_makes_room() {
        let store = Store::new(2);
        let a = store.insert(humans()).unwrap();
        let b = store.insert(humans()).unwrap();
        assert_ne!(a.id(), b.id());
        // Using `a` makes `b` the oldest.
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(store.get(a.id()).is_some());
        let c = store.insert(humans()).unwrap();
        assert_eq!(store.len(), 2);
        assert!(store.get(b.id()).is_none());
        assert!(store.get(a.id()).is_some());
        assert!(store.remove(c.id()).is_some());
        assert!(store.remove(c.id()).is_none());
        assert!(store.get("nope").is_none());
    }

    #[test]
    fn a_store_of_thinking_games_is_full() {
        let store = Store::new(1);
        let engines = Table::new(Settings {
            players: ["random:1".parse().unwrap(), "random:2".parse().unwrap()],
            ..Settings::default()
        })
        .unwrap();
        let busy = store.insert(engines).unwrap();
        let _job = busy.lock().next_engine_move().unwrap();
        assert_eq!(store.insert(humans()).unwrap_err(), StoreFull(1));
    }
}
