//! The streams suite's first three pipelines (weft-bench's `dev.weft.bench.streams`): sum of squares, map–filter–
//! collect and word frequency, as Rust's serial iterators and rayon's parallel iterators (`par_iter`). The
//! inputs are generated from a counter exactly as the Java suite's `Inputs` does, and every answer is the text
//! the Java check reads: the sum, "size/hash" of the collected list, "distinct/total/hash" of the counts.

use rayon::prelude::*;
use std::collections::HashMap;

pub const SEED: u64 = 20261127;
const START: u64 = 0xCBF2_9CE4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01B3;
pub const VOCABULARY: u64 = 5000;

/// SplitMix64's output function.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The `i`-th value of stream `seed` in `[0, bound)` (Java: `Inputs.below`).
pub fn below(seed: u64, i: u64, bound: u64) -> u64 {
    (mix(seed.wrapping_add((i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))) >> 1) % bound
}

fn step(h: u64, v: u64) -> u64 {
    (h ^ v).wrapping_mul(PRIME)
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(START, |h, b| (h ^ b as u64).wrapping_mul(PRIME))
}

// ---------------------------------------------------------------------------------------------------------
// Sum of squares

pub fn values(n: usize) -> Vec<u64> {
    (0..n as u64).map(|i| below(SEED, i, 1_000_000)).collect()
}

pub fn sum_serial(a: &[u64]) -> u64 {
    a.iter().map(|v| v * v).sum()
}

pub fn sum_rayon(a: &[u64]) -> u64 {
    a.par_iter().map(|v| v * v).sum()
}

/// The check's sum: backwards, not the versions' code.
pub fn sum_expected(a: &[u64]) -> u64 {
    a.iter().rev().fold(0u64, |s, v| s.wrapping_add(v * v))
}

// ---------------------------------------------------------------------------------------------------------
// Map–filter–collect

pub struct Item {
    id: u64,
    score: u64,
}

pub struct Scored {
    id: u64,
    value: u64,
}

pub fn items(n: usize) -> Vec<Item> {
    (0..n as u64).map(|i| Item { id: i, score: below(SEED + 1, i, 1000) }).collect()
}

fn kept(it: &&Item) -> bool {
    it.score % 3 == 0
}

fn scored(it: &Item) -> Scored {
    Scored { id: it.id, value: it.score * it.score + it.id % 7 }
}

pub fn mapfilter_serial(items: &[Item]) -> Vec<Scored> {
    items.iter().filter(kept).map(scored).collect()
}

/// rayon's `collect` into a `Vec` keeps the order, as `Stream.toList()` does.
pub fn mapfilter_rayon(items: &[Item]) -> Vec<Scored> {
    items.par_iter().filter(kept).map(scored).collect()
}

/// "size/hash", each element's id then value hashed in order.
pub fn list_digest(list: &[Scored]) -> (u64, u64) {
    let h = list.iter().fold(START, |h, s| step(step(h, s.id), s.value));
    (list.len() as u64, h)
}

/// The check's digest, straight from the generator.
pub fn mapfilter_expected(n: usize) -> (u64, u64) {
    let (mut size, mut h) = (0u64, START);
    for i in 0..n as u64 {
        let score = below(SEED + 1, i, 1000);
        if score % 3 == 0 {
            h = step(step(h, i), score * score + i % 7);
            size += 1;
        }
    }
    (size, h)
}

// ---------------------------------------------------------------------------------------------------------
// Word frequency

fn rank(i: u64) -> u64 {
    below(SEED + 2, i, VOCABULARY).min(below(SEED + 3, i, VOCABULARY))
}

/// The text of `n` words separated by single spaces.
pub fn text(n: usize) -> String {
    let words: Vec<String> = (0..n as u64).map(|i| format!("w{}", rank(i))).collect();
    words.join(" ")
}

pub fn words(text: &str) -> Vec<&str> {
    text.split(' ').collect()
}

pub fn wordfreq_serial<'a>(words: &[&'a str]) -> HashMap<&'a str, u64> {
    let mut counts = HashMap::new();
    for w in words {
        *counts.entry(*w).or_insert(0) += 1;
    }
    counts
}

/// A map per rayon part, merged pairwise: what `groupingBy(.., counting())` does on a parallel stream.
pub fn wordfreq_rayon<'a>(words: &[&'a str]) -> HashMap<&'a str, u64> {
    words
        .par_iter()
        .fold(HashMap::new, |mut m, w| {
            *m.entry(*w).or_insert(0) += 1;
            m
        })
        .reduce(HashMap::new, |mut a, b| {
            for (w, c) in b {
                *a.entry(w).or_insert(0) += c;
            }
            a
        })
}

/// "distinct/total/hash": the wrapping sum over entries of mix(fnv(word) + count), so order-free.
pub fn counts_digest(counts: &HashMap<&str, u64>) -> (u64, u64, u64) {
    let total = counts.values().sum();
    let h = counts.iter().fold(0u64, |h, (w, c)| h.wrapping_add(mix(fnv(w).wrapping_add(*c))));
    (counts.len() as u64, total, h)
}

/// The check's digest: counts by rank straight from the generator, no text and no map.
pub fn wordfreq_expected(n: usize) -> (u64, u64, u64) {
    let mut by_rank = vec![0u64; VOCABULARY as usize];
    for i in 0..n as u64 {
        by_rank[rank(i) as usize] += 1;
    }
    let (mut distinct, mut h) = (0u64, 0u64);
    for (r, &c) in by_rank.iter().enumerate() {
        if c > 0 {
            distinct += 1;
            h = h.wrapping_add(mix(fnv(&format!("w{r}")).wrapping_add(c)));
        }
    }
    (distinct, n as u64, h)
}
