use crownhead::rules::{Position, Variant};
use crownhead::tools::perft::perft;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant: Variant = args[1].parse().unwrap();
    let depth: u32 = args[2].parse().unwrap();
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&Position::start(variant), d);
        println!("depth={d} nodes={n} time={:.3}", t.elapsed().as_secs_f64());
    }
}
