//! Criterion benchmarks of see / see_ge (being built).
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let pos = swapoff::parse::position("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - -")
        .expect("valid FEN");
    let mv = swapoff::parse::see_move(&pos, "Nxe5").expect("legal move");
    c.bench_function("see wiki Nxe5", |b| b.iter(|| swapoff::see(&pos, mv)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
