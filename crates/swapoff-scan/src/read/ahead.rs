//! An input read ahead on a thread of its own (`swapoff-unzip`): decompression, which
//! bounds how fast one stream can be read, runs beside the cutting of its games rather
//! than in front of it, so that the reading thread only searches bytes.

use std::io::{self, Read};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::thread::JoinHandle;

/// Bytes a read ahead takes at a time: under the allocator's threshold for mapping fresh
/// pages, and the buffers go back to the thread that fills them.
const BLOCK: usize = 64 << 10;

/// Blocks read ahead and not yet taken: enough to ride out the reading thread's pauses.
const AHEAD: usize = 8;

/// An input whose bytes a thread of its own reads ahead.
pub(crate) struct ReadAhead {
    blocks: Receiver<io::Result<Vec<u8>>>,
    spent: SyncSender<Vec<u8>>,
    block: Vec<u8>,
    at: usize,
    done: bool,
    thread: Option<JoinHandle<()>>,
}

impl ReadAhead {
    /// Starts reading `input` ahead, or says why no thread could be started.
    pub(crate) fn start(mut input: Box<dyn Read + Send>) -> io::Result<ReadAhead> {
        let (send, blocks) = sync_channel(AHEAD);
        let (spent, spares) = sync_channel::<Vec<u8>>(AHEAD + 2);
        let thread = std::thread::Builder::new().name("swapoff-unzip".into());
        let thread = thread.spawn(move || {
            // Each step sends a block, or ends: at the input's end or error, or when no
            // one is left to take the blocks.
            loop {
                let mut block = spares
                    .try_recv()
                    .unwrap_or_else(|_| Vec::with_capacity(BLOCK));
                block.resize(BLOCK, 0);
                let read = loop {
                    match input.read(&mut block) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        read => break read,
                    }
                };
                let (message, last) = match read {
                    // An empty block says the input ended (a thread that stops without
                    // it stopped short).
                    Ok(0) => (Ok(Vec::new()), true),
                    Ok(n) => {
                        block.truncate(n);
                        (Ok(block), false)
                    }
                    Err(e) => (Err(e), true),
                };
                if send.send(message).is_err() || last {
                    break;
                }
            }
        })?;
        Ok(ReadAhead {
            blocks,
            spent,
            block: Vec::new(),
            at: 0,
            done: false,
            thread: Some(thread),
        })
    }
}

impl ReadAhead {
    /// The next block of the input as it came (what is left of it, if [`Read::read`] took
    /// some), `None` at its end: for a reader that keeps the bytes anyway, one copy fewer.
    pub(crate) fn next_block(&mut self) -> io::Result<Option<&[u8]>> {
        if self.at == self.block.len() && !self.done {
            self.refill()?;
        }
        let block = &self.block[self.at..];
        self.at = self.block.len();
        Ok((!block.is_empty()).then_some(block))
    }

    /// Takes the next block from the thread.
    fn refill(&mut self) -> io::Result<()> {
        match self.blocks.recv() {
            Ok(Ok(block)) if block.is_empty() => self.done = true,
            Ok(Ok(block)) => {
                let spent = std::mem::replace(&mut self.block, block);
                let _ = self.spent.try_send(spent);
                self.at = 0;
            }
            Ok(Err(e)) => {
                self.done = true;
                return Err(e);
            }
            // The thread stopped before the input's end (it panicked).
            Err(_) => {
                self.done = true;
                return Err(io::Error::other("the thread reading the input stopped"));
            }
        }
        Ok(())
    }
}

impl Drop for ReadAhead {
    /// Waits for the thread when it has sent its last block, so that no thread of a read
    /// outlives it (a fuzzer's leak check saw one still ending). A read stopped short
    /// leaves the thread to end at its next block: it may be waiting on a terminal.
    fn drop(&mut self) {
        if let (true, Some(thread)) = (self.done, self.thread.take()) {
            let _ = thread.join();
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.block.len() {
            if self.done {
                return Ok(0);
            }
            self.refill()?;
        }
        let n = out.len().min(self.block.len() - self.at);
        out[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
