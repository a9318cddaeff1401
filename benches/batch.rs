//! Speed of the batch paths, each against its reference in the same run:
//! - `sat::overlaps_many` (several pairs per SIMD register) against the plain scalar test and
//!   `sat::overlaps`, on the SAT benchmark's set of 4096 random pairs (half intersecting);
//! - `explain --pairs` over JSON Lines, the whole run on every core (read, parse, decide, write in
//!   order), against `serde_json` alone parsing the same lines into typed structs on one core;
//! - the same run over the compact CSV form, in pairs per second, and its parts on one core
//!   (reading the numbers, the verdicts, writing the lines).
//!
//! Run with `cargo bench --bench batch`; every benchmark handles its whole set per iteration, so
//! the time per pair is the reported time divided by the set's size (the item rate shows it).

#[path = "../tests/oracle_support/mod.rs"]
mod oracle_support;
#[path = "../tests/support/pairs.rs"]
mod pairs;
// The SAT benchmark's plain references; this one times only the early-exit test.
#[allow(dead_code)]
#[path = "support/plain_sat.rs"]
mod plain_sat;

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use oracle_support::{near_touching, Rng};
use plain_sat::plain_obb_overlap;
use sepax::batch::{explain_stream, parse_csv_line, write_pair, Options, PairInput};
use sepax::sat::{self, BoxPairs, Robustness};
use sepax::Obb;
use serde::Deserialize;

const PAIRS: usize = 4096;
/// The seed of the SAT benchmark's static set, so both benchmarks time the same pairs.
const SEED: u64 = 0x05E9_A0C1_E000_0B00;

/// 2048 intersecting and 2048 separated pairs, none within 1e-6 of touching, in random order
/// (the SAT benchmark's static set); the batch kernel and the plain test agree with `overlaps`.
static STATIC: LazyLock<(Vec<(Obb, Obb)>, BoxPairs)> = LazyLock::new(|| {
    let (mut boxes, mut counts) = (Vec::with_capacity(PAIRS), [0_usize; 2]);
    for index in 0.. {
        if boxes.len() == PAIRS {
            break;
        }
        let mut rng = Rng::case(SEED, index);
        let (a, b) = (rng.obb(3.0), rng.obb(3.0));
        let verdict = sat::overlaps(&a, &b);
        if counts[usize::from(verdict)] == PAIRS / 2 || near_touching(&a, &b, 1e-6) {
            continue;
        }
        assert_eq!(
            plain_obb_overlap(&a, &b),
            verdict,
            "plain test, case {index}"
        );
        counts[usize::from(verdict)] += 1;
        boxes.push((a, b));
    }
    let columns: BoxPairs = boxes.iter().map(|(a, b)| (a, b)).collect();
    let batch = sat::overlaps_many(&columns);
    for (k, (a, b)) in boxes.iter().enumerate() {
        assert_eq!(batch[k], sat::overlaps(a, b), "overlaps_many, pair {k}");
    }
    (boxes, columns)
});

#[divan::bench]
fn overlaps_many_sepax(bencher: Bencher) {
    let columns = &STATIC.1;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        sat::overlaps_many(black_box(columns))
            .iter()
            .filter(|&&hit| hit)
            .count()
    });
}

#[divan::bench]
fn overlaps_plain_ericson(bencher: Bencher) {
    let set = &STATIC.0;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(a, b)| plain_obb_overlap(black_box(a), black_box(b)))
            .count()
    });
}

#[divan::bench]
fn overlaps_sepax(bencher: Bencher) {
    let set = &STATIC.0;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(a, b)| sat::overlaps(black_box(a), black_box(b)))
            .count()
    });
}

/// Pairs in the dump of the `explain --pairs` benchmarks.
const DUMP: usize = 20_000;

/// A dump of pairs as a game would write it (random boxes, B moving towards A's centre, the
/// horizon 1 s), as JSON Lines and as CSV; numbers written shortest-round-trip.
static DUMP_TEXT: LazyLock<(String, String)> = LazyLock::new(|| {
    let cases: Vec<_> = (0..DUMP as u64)
        .map(|k| pairs::dump_case(SEED ^ 2, k))
        .collect();
    let json = cases
        .iter()
        .enumerate()
        .map(|(k, case)| pairs::json_line(k as u64, case) + "\n")
        .collect();
    let csv = cases
        .iter()
        .map(|case| pairs::csv_line(case) + "\n")
        .collect();
    let overlapping = cases.iter().filter(|c| sat::overlaps(&c.a, &c.b)).count();
    let meeting = cases
        .iter()
        .filter(|c| {
            let (va, vb) = (c.va.unwrap_or_default(), c.vb.unwrap_or_default());
            sat::first_contact(&c.a, va, &c.b, vb, 1.0).is_some_and(|contact| contact.time > 0.0)
        })
        .count();
    println!(
        "dump: {DUMP} pairs, {overlapping} intersecting at t = 0, {meeting} meeting later within \
         1 s; {} cores",
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    (json, csv)
});

fn options() -> Options {
    Options {
        source: "dump".into(),
        format: None,
        full: false,
        horizon: 0.0,
        robustness: Robustness::default(),
        lines: true,
    }
}

/// The reference: `serde_json` alone parsing every line into typed structs, on one core.
#[derive(Deserialize)]
struct TypedBox {
    center: [f64; 3],
    rotation: [f64; 4],
    half_extents: [f64; 3],
    velocity: Option<[f64; 3]>,
}

#[derive(Deserialize)]
struct TypedLine {
    id: u64,
    a: TypedBox,
    b: TypedBox,
    horizon: Option<f64>,
}

#[divan::bench(sample_count = 30)]
fn pairs_json_parse_serde_json_alone(bencher: Bencher) {
    let text = &DUMP_TEXT.0;
    bencher.counter(ItemsCount::new(DUMP)).bench_local(|| {
        text.lines()
            .map(|line| serde_json::from_str::<TypedLine>(line).expect("a pair"))
            .map(|pair| {
                let pair = black_box(pair);
                let numbers = [&pair.a, &pair.b].map(|b| {
                    b.center[0]
                        + b.rotation[0]
                        + b.half_extents[0]
                        + b.velocity.map_or(0.0, |v| v[0])
                });
                pair.id as f64 + numbers[0] + numbers[1] + pair.horizon.unwrap_or(0.0)
            })
            .sum::<f64>()
    });
}

/// `explain --pairs` on JSON Lines: read, parse, decide, write in order, on every core.
#[divan::bench(sample_count = 30)]
fn pairs_json_explain_all_cores(bencher: Bencher) {
    bench_explain(bencher, &DUMP_TEXT.0);
}

/// The same on one core, to show what the other cores add.
#[divan::bench(sample_count = 30)]
fn pairs_json_explain_one_core(bencher: Bencher) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    bench_explain_in(bencher, &DUMP_TEXT.0, Some(&pool));
}

/// `explain --pairs` on the CSV form of the same pairs, on every core.
#[divan::bench(sample_count = 30)]
fn pairs_csv_explain_all_cores(bencher: Bencher) {
    bench_explain(bencher, &DUMP_TEXT.1);
}

/// The parts of a CSV run on one core: reading the numbers of every line …
#[divan::bench(sample_count = 30)]
fn pairs_part_csv_parse_one_core(bencher: Bencher) {
    let text = &DUMP_TEXT.1;
    bencher.counter(ItemsCount::new(DUMP)).bench_local(|| {
        text.lines()
            .zip(1..)
            .map(|(line, k)| parse_csv_line(line, k).expect("a pair"))
            .map(|pair| black_box(pair).a.obb.center().x)
            .sum::<f64>()
    });
}

/// … deciding every pair (`trace::box_verdict`: the 15 rows, the stage, the first contact) …
#[divan::bench(sample_count = 30)]
fn pairs_part_verdict_one_core(bencher: Bencher) {
    let pairs = parsed();
    let verdicts = |pairs: &[PairInput<'_>]| {
        pairs
            .iter()
            .map(|pair| pair.verdict(0.0, Robustness::default()))
            .filter(|verdict| black_box(verdict).intersecting())
            .count()
    };
    bencher
        .counter(ItemsCount::new(DUMP))
        .bench_local(|| verdicts(&pairs));
}

/// … and writing every output line.
#[divan::bench(sample_count = 30)]
fn pairs_part_write_one_core(bencher: Bencher) {
    let pairs = parsed();
    let verdicts: Vec<_> = pairs
        .iter()
        .map(|pair| pair.verdict(0.0, Robustness::default()))
        .collect();
    let mut output = Vec::with_capacity(DUMP * 256);
    bencher.counter(ItemsCount::new(DUMP)).bench_local(|| {
        output.clear();
        for (pair, verdict) in pairs.iter().zip(&verdicts) {
            write_pair(&mut output, &pair.id, verdict, false);
        }
        black_box(&output).len()
    });
}

/// The dump's pairs, read from the CSV.
fn parsed() -> Vec<PairInput<'static>> {
    DUMP_TEXT
        .1
        .lines()
        .zip(1..)
        .map(|(line, k)| parse_csv_line(line, k).expect("a pair"))
        .collect()
}

fn bench_explain(bencher: Bencher, text: &str) {
    bench_explain_in(bencher, text, None);
}

/// The whole run over `text` into memory, on `pool` (else rayon's global pool, every core).
fn bench_explain_in(bencher: Bencher, text: &str, pool: Option<&rayon::ThreadPool>) {
    let options = options();
    let mut output = Vec::with_capacity(text.len());
    bencher.counter(ItemsCount::new(DUMP)).bench_local(|| {
        output.clear();
        let mut run = || explain_stream(text.as_bytes(), &mut output, &options);
        let report = match pool {
            Some(pool) => pool.install(run),
            None => run(),
        }
        .expect("the run ends");
        assert_eq!(report.summary.pairs, DUMP as u64);
        black_box(&output).len()
    });
}

fn main() {
    LazyLock::force(&STATIC);
    LazyLock::force(&DUMP_TEXT);
    divan::main();
}
