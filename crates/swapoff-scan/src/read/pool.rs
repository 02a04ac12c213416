//! Spare buffers, handed back after use so that a scan's hot loop does not keep asking
//! the allocator for fresh memory (and the system for fresh pages): byte buffers, and the
//! games of PGN units, whose lists a game's reading fills again.

use crate::read::pgn::GameRecord;
use std::sync::Mutex;

/// A pool of reusable buffers, shared between threads.
#[derive(Default)]
pub struct Pool {
    texts: Mutex<Vec<Vec<u8>>>,
    games: Mutex<Vec<Vec<GameRecord>>>,
}

impl Pool {
    /// More than the buffers a scan has in flight (a few batches of 64 units).
    const MAX: usize = 512;

    /// An empty buffer, recycled when one is available.
    pub fn get(&self) -> Vec<u8> {
        take(&self.texts)
    }

    /// Returns a buffer for reuse (an outsized one, from a very long game, is freed).
    pub fn put(&self, mut buf: Vec<u8>) {
        if buf.capacity() > 4 << 20 {
            return;
        }
        buf.clear();
        keep(&self.texts, buf);
    }

    /// The games of a unit already processed, for their lists to be filled again
    /// ([`GameRecord::reuse`]); empty when none is available.
    pub(crate) fn spare_games(&self) -> Vec<GameRecord> {
        take(&self.games)
    }

    /// Returns a PGN unit's games for reuse.
    pub(crate) fn put_games(&self, games: Vec<GameRecord>) {
        keep(&self.games, games);
    }
}

fn take<T: Default>(list: &Mutex<Vec<T>>) -> T {
    list.lock()
        .ok()
        .and_then(|mut v| v.pop())
        .unwrap_or_default()
}

fn keep<T>(list: &Mutex<Vec<T>>, item: T) {
    if let Ok(mut v) = list.lock() {
        if v.len() < Pool::MAX {
            v.push(item);
        }
    }
}
