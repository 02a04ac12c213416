//! Every case of `swapoff_bench::cases` (the harness the lab's benches share) under each
//! rule set and adapter, timed in passes.

use super::timing::{time_reps, Pass, Schedule, Timing};
use swapoff::{PreparedBoard, Rules, See};
use swapoff_bench::cases::{rule_sets, run as run_case, Case};
use swapoff_bench::pairs::{Data, Pair};

/// Times every case of one pass over the given pair sets (`captures`, `all`).
pub fn time_pass(
    data: &Data,
    pass: Pass,
    schedule: Schedule,
    sets: &[(&str, Vec<Pair>)],
) -> Vec<Timing> {
    // Pins computed once per position before timing, as an engine keeps them.
    let chess_cached: Vec<_> = data.chess.iter().map(PreparedBoard::new).collect();
    let cozy_cached: Vec<_> = data.cozy.iter().map(PreparedBoard::new).collect();
    let mut out = Vec::new();
    for (moves, pairs) in sets {
        let blocks = pass.blocks(pairs);
        if blocks.is_empty() {
            continue;
        }
        for case in Case::ALL {
            let group = format!("{}/{}/{moves}", pass.name(), case.name());
            let mut time = |rules: &str, adapter: &str, f: &mut dyn FnMut(&[Pair]) -> i64| {
                out.push(Timing::new(
                    &group,
                    rules,
                    adapter,
                    time_reps(&blocks, schedule, f),
                ));
            };
            for (label, see) in rule_sets() {
                time(label, "shakmaty", &mut |c| {
                    run_case(see, &data.chess, c, case)
                });
                time(label, "cozy", &mut |c| run_case(see, &data.cozy, c, case));
            }
            for (cached, rules) in [
                ("default+pincache", Rules::Default),
                ("stockfish+pincache", Rules::Stockfish),
            ] {
                let see = See::new(rules);
                time(cached, "shakmaty", &mut |c| {
                    run_case(see, &chess_cached, c, case)
                });
                time(cached, "cozy", &mut |c| {
                    run_case(see, &cozy_cached, c, case)
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use swapoff_bench::pairs::parse_pairs;

    /// Two good lines, then three bad ones (lines 5 to 7).
    const SAMPLE: &str = include_str!("../../../../testdata/positions/pairs_sample.txt");

    #[test]
    fn timed_cases_agree_between_adapters() {
        let data = parse_pairs(SAMPLE);
        let schedule = Schedule {
            reps: 1,
            min_time: Duration::ZERO,
            budget: Duration::from_millis(1),
        };
        let sets = [("all", data.all.clone())];
        let cases = time_pass(&data, Pass::Cold, schedule, &sets);
        // 3 cases x 5 rule sets x 2 adapters.
        assert_eq!(cases.len(), 3 * 10);
        for t in cases.iter().filter(|t| t.adapter == "shakmaty") {
            let cozy = cases
                .iter()
                .find(|o| o.group == t.group && o.rules == t.rules && o.adapter == "cozy")
                .map(|o| o.checksum);
            assert_eq!(Some(t.checksum), cozy, "{} {}", t.group, t.rules);
        }
        // Rxe5 wins a pawn (+100), Kb1 loses nothing: the value sum is 100.
        let value = cases
            .iter()
            .find(|t| t.group == "cold/see/all" && t.rules == "default" && t.adapter == "cozy")
            .map(|t| t.checksum);
        assert_eq!(value, Some(100));
    }
}
