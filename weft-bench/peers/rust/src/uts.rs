//! Unbalanced Tree Search (Olivier et al.), sample tree T2 (the Java `UTS`): a geometric tree with the
//! cyclic shape function whose node states are SHA-1 digests. A child's state is SHA-1(parent's 20 bytes ||
//! child index as 4 big-endian bytes); a node's number of children is drawn from its state. A visit
//! returns its subtree's nodes in the high 32 bits and leaves in the low 32 bits, so counts add up.

use rayon::prelude::*;

/// UTS' MAXNUMCHILDREN.
const MAX_CHILDREN: usize = 100;
pub const NODE: u64 = 1 << 32;
pub const LEAF: u64 = NODE | 1;

pub type State = [u32; 5];

pub struct Tree {
    pub name: &'static str,
    b0: f64,
    gen_mx: i32,
    root_seed: u32,
    pub nodes: u64,
    pub leaves: u64,
}

/// T2 of the UTS sample workloads (-t 1 -a 2 -d 16 -b 6 -r 502), with its published counts.
pub const T2: Tree = Tree { name: "T2", b0: 6.0, gen_mx: 16, root_seed: 502, nodes: 4_117_769, leaves: 2_342_762 };
/// T2's parameters with root seed 1 (the Java quick size).
pub const QUICK: Tree = Tree { name: "T2-seed1", b0: 6.0, gen_mx: 16, root_seed: 1, nodes: 243_269, leaves: 138_448 };

/// uts_numChildren_geo: log(1 - p) per depth, p = 1 / (1 + b_d), b_d = b0^sin(2πd/gen_mx), 0 below 5·gen_mx.
pub struct Shape {
    log_one_minus_p: Vec<f64>,
}

impl Tree {
    pub fn shape(&self) -> Shape {
        let len = (5 * self.gen_mx + 2) as usize;
        let log_one_minus_p = (0..len)
            .map(|d| {
                let b = if d == 0 {
                    self.b0
                } else if d as i32 > 5 * self.gen_mx {
                    0.0
                } else {
                    self.b0.powf((2.0 * 3.141592653589793 * d as f64 / self.gen_mx as f64).sin())
                };
                let p = 1.0 / (1.0 + b);
                (1.0 - p).ln()
            })
            .collect();
        Shape { log_one_minus_p }
    }

    /// rng_init: SHA-1 of 16 zero bytes and the seed as 4 big-endian bytes.
    pub fn root(&self) -> State {
        sha1_block([0, 0, 0, 0, self.root_seed, 0x8000_0000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20 * 8])
    }
}

impl Shape {
    #[inline]
    fn num_children(&self, s: &State, depth: usize) -> usize {
        if depth >= self.log_one_minus_p.len() {
            return 0;
        }
        // rng_rand: the state's last four bytes, big-endian, made positive.
        let h = s[4] & 0x7FFF_FFFF;
        let u = h as f64 / 2147483648.0;
        let n = ((1.0 - u).ln() / self.log_one_minus_p[depth]).floor() as usize;
        n.min(MAX_CHILDREN)
    }
}

/// rng_spawn: SHA-1 of the parent's 20 bytes and the child index as 4 big-endian bytes.
#[inline]
fn child(s: &State, i: usize) -> State {
    sha1_block([s[0], s[1], s[2], s[3], s[4], i as u32, 0x8000_0000, 0, 0, 0, 0, 0, 0, 0, 0, 24 * 8])
}

pub fn serial(s: &State, depth: usize, shape: &Shape) -> u64 {
    let n = shape.num_children(s, depth);
    if n == 0 {
        return LEAF;
    }
    let mut counts = NODE;
    for i in 0..n {
        counts += serial(&child(s, i), depth + 1, shape);
    }
    counts
}

pub fn rayon(s: &State, depth: usize, shape: &Shape) -> u64 {
    let n = shape.num_children(s, depth);
    if n == 0 {
        return LEAF;
    }
    NODE + (0..n).into_par_iter().map(|i| rayon(&child(s, i), depth + 1, shape)).sum::<u64>()
}

pub fn chili(sc: &mut chili::Scope<'_>, s: &State, depth: usize, shape: &Shape) -> u64 {
    let n = shape.num_children(s, depth);
    if n == 0 {
        return LEAF;
    }
    NODE + children(sc, s, depth, shape, 0, n)
}

/// The counts of children lo..hi: chili has no parallel loop, so the range is halved with joins.
fn children(sc: &mut chili::Scope<'_>, s: &State, depth: usize, shape: &Shape, lo: usize, hi: usize) -> u64 {
    if hi - lo == 1 {
        return chili(sc, &child(s, lo), depth + 1, shape);
    }
    let mid = lo + (hi - lo) / 2;
    let (x, y) = sc.join(|sc| children(sc, s, depth, shape, lo, mid), |sc| children(sc, s, depth, shape, mid, hi));
    x + y
}

/// The SHA-1 digest (FIPS 180-1) of a message that fits in one block, given as the block's 16 big-endian
/// words with the padding in place.
fn sha1_block(mut w: [u32; 16]) -> State {
    const H: State = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0];
    let [mut a, mut b, mut c, mut d, mut e] = H;
    for t in 0..80 {
        if t >= 16 {
            // The message schedule, kept as a ring of its last 16 words.
            w[t & 15] = (w[(t + 13) & 15] ^ w[(t + 8) & 15] ^ w[(t + 2) & 15] ^ w[t & 15]).rotate_left(1);
        }
        let (f, k) = match t {
            0..=19 => (d ^ (b & (c ^ d)), 0x5A82_7999),
            20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
            40..=59 => ((b & c) | (d & (b | c)), 0x8F1B_BCDC),
            _ => (b ^ c ^ d, 0xCA62_C1D6),
        };
        let tmp = a.rotate_left(5).wrapping_add(f).wrapping_add(e).wrapping_add(k).wrapping_add(w[t & 15]);
        e = d;
        d = c;
        c = b.rotate_left(30);
        b = a;
        a = tmp;
    }
    [H[0].wrapping_add(a), H[1].wrapping_add(b), H[2].wrapping_add(c), H[3].wrapping_add(d), H[4].wrapping_add(e)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha1_of_abc() {
        // FIPS 180-1 appendix A: SHA-1("abc").
        let mut w = [0u32; 16];
        w[0] = 0x6162_6380;
        w[15] = 24;
        assert_eq!(sha1_block(w), [0xA999_3E36, 0x4706_816A, 0xBA3E_2571, 0x7850_C26C, 0x9CD0_D89D]);
    }
}
