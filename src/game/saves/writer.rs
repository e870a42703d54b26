//! The autosave's writer thread: a save written with `files::write_atomic` waits for the
//! disk (an fsync of the file and of its folder: 19 ms typical, 60 ms at worst on the
//! build machine), so the window hands the text to this thread and draws on. Several
//! autosaves queued while one is written collapse to the newest of each file. `flush`
//! waits for what was handed over (Continue and opening a save do, and so does the
//! window closing).

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// One file to write, and the autosave folder to prune after it.
struct Job {
    n: u64,
    path: PathBuf,
    text: String,
    prune: Option<PathBuf>,
}

/// What the thread has done: the last job written, and the last error.
#[derive(Default)]
struct Done {
    n: u64,
    error: Option<String>,
}

/// The writer thread's handle.
pub struct Writer {
    tx: Sender<Job>,
    sent: u64,
    done: Arc<(Mutex<Done>, Condvar)>,
}

impl std::fmt::Debug for Writer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Writer {{ sent: {} }}", self.sent)
    }
}

impl Writer {
    /// Start the thread (`None` when it cannot start: the caller writes itself).
    pub fn start() -> Option<Writer> {
        let (tx, rx) = channel::<Job>();
        let done = Arc::new((Mutex::new(Done::default()), Condvar::new()));
        let d = done.clone();
        std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || run(rx, d))
            .ok()?;
        Some(Writer { tx, sent: 0, done })
    }

    /// Hand a file over. `false`: the thread is gone (write it here instead).
    pub fn send(&mut self, path: PathBuf, text: String, prune: Option<PathBuf>) -> bool {
        self.sent += 1;
        self.tx
            .send(Job {
                n: self.sent,
                path,
                text,
                prune,
            })
            .is_ok()
    }

    /// Wait until everything handed over is written, at most `timeout`; `true` if it is.
    pub fn flush(&self, timeout: Duration) -> bool {
        let (lock, cv) = &*self.done;
        let end = Instant::now() + timeout;
        let Ok(mut g) = lock.lock() else { return false };
        while g.n < self.sent {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            match cv.wait_timeout(g, left) {
                Ok((ng, _)) => g = ng,
                Err(_) => return false,
            }
        }
        true
    }

    /// The last write's error, once.
    pub fn take_error(&self) -> Option<String> {
        self.done.0.lock().ok().and_then(|mut g| g.error.take())
    }
}

fn run(rx: Receiver<Job>, done: Arc<(Mutex<Done>, Condvar)>) {
    while let Ok(first) = rx.recv() {
        // Everything queued meanwhile: the newest of each file.
        let mut jobs = vec![first];
        while let Ok(j) = rx.try_recv() {
            jobs.retain(|k| k.path != j.path);
            jobs.push(j);
        }
        let last = jobs.iter().map(|j| j.n).max().unwrap_or(0);
        let mut error = None;
        for j in jobs {
            match super::write_text(&j.path, &j.text) {
                Ok(()) => {
                    if let Some(dir) = &j.prune {
                        super::list::prune_autosaves(dir, super::list::KEEP_AUTOSAVES, &j.path);
                    }
                }
                Err(e) => error = Some(e),
            }
        }
        let (lock, cv) = &*done;
        if let Ok(mut g) = lock.lock() {
            g.n = g.n.max(last);
            if error.is_some() {
                g.error = error;
            }
        }
        cv.notify_all();
    }
}
