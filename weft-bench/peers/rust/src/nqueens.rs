//! N-queens as in the Barcelona OpenMP Tasks Suite (the Java `NQueens`): at every row one task per
//! candidate column, each copying the board before placing its queen and checking the whole board.
//! The board is a small array copied by value, as BOTS copies it into an `alloca` buffer.

use rayon::prelude::*;

pub const MAX_N: usize = 16;
pub type Board = [u8; MAX_N];

/// Solutions for n = 0..14, the independent check.
pub const SOLUTIONS: [u64; 15] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596];

/// Whether no two of the first `n` queens attack each other.
fn ok(n: usize, a: &Board) -> bool {
    for i in 0..n {
        let p = a[i] as i32;
        for j in i + 1..n {
            let q = a[j] as i32;
            let d = (j - i) as i32;
            if q == p || q == p - d || q == p + d {
                return false;
            }
        }
    }
    true
}

/// The board `a` (rows 0..j-1) with a queen in column `col` of row j, if no two queens attack each other.
#[inline(always)]
fn place(a: &Board, j: usize, col: usize) -> Option<Board> {
    let mut b = *a;
    b[j] = col as u8;
    if ok(j + 1, &b) {
        Some(b)
    } else {
        None
    }
}

pub fn serial(a: &Board, j: usize, n: usize) -> u64 {
    if j == n {
        return 1;
    }
    let mut solutions = 0;
    for col in 0..n {
        if let Some(b) = place(a, j, col) {
            solutions += serial(&b, j + 1, n);
        }
    }
    solutions
}

pub fn rayon(a: &Board, j: usize, n: usize) -> u64 {
    if j == n {
        return 1;
    }
    (0..n)
        .into_par_iter()
        .map(|col| place(a, j, col).map_or(0, |b| rayon(&b, j + 1, n)))
        .sum()
}

pub fn chili(s: &mut chili::Scope<'_>, a: &Board, j: usize, n: usize) -> u64 {
    if j == n {
        return 1;
    }
    columns(s, a, j, n, 0, n)
}

/// The solutions with a queen of row j in columns lo..hi: chili has no parallel loop, so the range is
/// halved with joins.
fn columns(s: &mut chili::Scope<'_>, a: &Board, j: usize, n: usize, lo: usize, hi: usize) -> u64 {
    if hi - lo == 1 {
        return place(a, j, lo).map_or(0, |b| chili(s, &b, j + 1, n));
    }
    let mid = lo + (hi - lo) / 2;
    let (x, y) = s.join(|s| columns(s, a, j, n, lo, mid), |s| columns(s, a, j, n, mid, hi));
    x + y
}
