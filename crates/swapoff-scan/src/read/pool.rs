//! Spare byte buffers, handed back after use so that a scan's hot loop does not keep asking
//! the system for fresh pages, and faulting them in.

use std::sync::Mutex;

/// A pool of reusable byte buffers, shared between threads.
#[derive(Default)]
pub struct Pool(Mutex<Vec<Vec<u8>>>);

impl Pool {
    /// More than the buffers a scan has in flight (a few batches of 64 units).
    const MAX: usize = 512;

    /// An empty buffer, recycled when one is available.
    pub fn get(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// Returns a buffer for reuse (an outsized one, from a very long game, is freed).
    pub fn put(&self, mut buf: Vec<u8>) {
        if buf.capacity() > 4 << 20 {
            return;
        }
        buf.clear();
        if let Ok(mut v) = self.0.lock() {
            if v.len() < Self::MAX {
                v.push(buf);
            }
        }
    }
}
