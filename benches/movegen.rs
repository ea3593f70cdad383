//! Move generation speed: perft from the start and from a king-rich middlegame, per
//! rule set. `cargo bench`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use crownhead::rules::perft;
use crownhead::rules::{Position, Variant};
use std::hint::black_box;

fn start_positions(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("perft-start");
    for (variant, depth) in
        [(Variant::English, 8), (Variant::Russian, 8), (Variant::Italian, 8), (Variant::International, 6)]
    {
        let start = Position::start(variant);
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("{variant}-{depth}"), |bench| {
            bench.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn king_positions(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("perft-kings");
    for (variant, fen, depth) in [
        (Variant::English, "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29", 6),
        (Variant::Russian, "W:WKa1,Kc3,e3,g3,f2:Bb6,d6,Kf6,h6,Ka7", 5),
        (Variant::International, "W:WK46,K47,31,32,33,34:B1,2,3,K18,K19,20", 4),
    ] {
        let position = Position::from_fen(variant, fen).expect("a valid FEN");
        group.throughput(Throughput::Elements(perft(&position, depth)));
        group.bench_function(format!("{variant}-{depth}"), |bench| {
            bench.iter(|| perft(black_box(&position), depth))
        });
    }
    group.finish();
}

fn move_generation(criterion: &mut Criterion) {
    let position = Position::from_fen(Variant::International, "W:WK46,K47,31,32,33,34:B1,2,3,K18,K19,20")
        .expect("a valid FEN");
    criterion.bench_function("generate-international-kings", |bench| {
        bench.iter(|| black_box(&position).legal_moves().len())
    });
}

criterion_group!(benches, start_positions, king_positions, move_generation);
criterion_main!(benches);
