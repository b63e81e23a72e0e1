//! Work items done on several threads, each result handed over in the items' order as soon as
//! it and every one before it are done: `shogiprint tsume` prints a file of problems while it
//! proves them, in the same order whatever the number of threads, and a booklet proves its
//! problems at once. (rayon's ordered collect hands nothing over before the last item is done;
//! this is the little a stream in order needs.)

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work` on each of `items`, on up to `jobs` threads (on this one if `jobs` is 1), and
/// calls `emit` with each item and its result, in the items' order, on this thread. The first
/// error `emit` returns stops the work: no item is started after it, and it is returned once
/// the items under way are done.
pub fn run<T: Sync, R: Send, E>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R) -> Result<(), E>,
) -> Result<(), E> {
    if jobs <= 1 || items.len() <= 1 {
        for item in items {
            emit(item, work(item))?;
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (done, results) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let done = done.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    // The receiver is gone only once emitting has failed.
                    if done.send((i, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        // Only the workers' senders remain: the loop below ends when the last worker does.
        drop(done);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in results {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                if let Err(e) = emit(&items[due], result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                due += 1;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn results_come_in_the_items_order_whatever_finishes_first() {
        let items: Vec<u64> = (0..40).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let r: Result<(), ()> = run(
                &items,
                jobs,
                |&i| {
                    // Early items take longest, so later ones finish first.
                    std::thread::sleep(Duration::from_millis((40 - i) % 7));
                    i * i
                },
                |&i, sq| {
                    seen.push((i, sq));
                    Ok(())
                },
            );
            assert!(r.is_ok());
            let expected: Vec<(u64, u64)> = items.iter().map(|&i| (i, i * i)).collect();
            assert_eq!(seen, expected, "{jobs} jobs");
        }
    }

    #[test]
    fn an_emit_error_stops_the_work_and_is_returned() {
        let items: Vec<usize> = (0..1000).collect();
        let started = AtomicUsize::new(0);
        let mut emitted = 0;
        let r = run(
            &items,
            2,
            |&i| {
                started.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(1));
                i
            },
            |_, i| {
                emitted += 1;
                if i == 3 {
                    Err("closed")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err("closed"));
        assert_eq!(emitted, 4);
        // Items under way when emitting failed finish; no more start.
        assert!(started.load(Ordering::Relaxed) < 50, "{started:?}");
    }
}
