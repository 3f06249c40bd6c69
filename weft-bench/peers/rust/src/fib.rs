//! Fibonacci without a cutoff: every call forks (the Java `Fib`).

/// The serial elision: every join replaced by two calls.
pub fn serial(n: i32) -> i32 {
    if n < 2 {
        n
    } else {
        serial(n - 1) + serial(n - 2)
    }
}

pub fn rayon(n: i32) -> i32 {
    if n < 2 {
        return n;
    }
    let (a, b) = rayon::join(|| rayon(n - 1), || rayon(n - 2));
    a + b
}

pub fn chili(s: &mut chili::Scope<'_>, n: i32) -> i32 {
    if n < 2 {
        return n;
    }
    let (a, b) = s.join(|s| chili(s, n - 1), |s| chili(s, n - 2));
    a + b
}

/// Fibonacci by iteration: the independent check.
pub fn iterative(n: i32) -> i32 {
    let (mut a, mut b) = (0i32, 1i32);
    for _ in 0..n {
        (a, b) = (b, a.wrapping_add(b));
    }
    a
}
