//! Adaptive trapezoid quadrature of x³+x on [0, 1000], ε = 1e-9, no cutoff (the Java `Integrate`): every
//! split forks, and the halves are added left + right so that every version is bitwise equal.

pub const EPS: f64 = 1e-9;
pub const L: f64 = 0.0;
pub const R: f64 = 1000.0;

#[inline(always)]
pub fn f(x: f64) -> f64 {
    (x * x + 1.0) * x
}

/// ∫ x³+x dx on [l, r]: the independent check.
pub fn exact(l: f64, r: f64) -> f64 {
    (r * r * r * r - l * l * l * l) / 4.0 + (r * r - l * l) / 2.0
}

/// One step: the midpoint, its value and the two halves' areas, or the whole area once they agree.
#[inline(always)]
fn step(l: f64, r: f64, fl: f64, fr: f64, a: f64) -> Result<f64, (f64, f64, f64, f64)> {
    let m = (l + r) * 0.5;
    let fm = f(m);
    let al = (fl + fm) * (m - l) * 0.5;
    let ar = (fm + fr) * (r - m) * 0.5;
    let alr = al + ar;
    if (alr - a).abs() <= EPS {
        Ok(alr)
    } else {
        Err((m, fm, al, ar))
    }
}

pub fn serial(l: f64, r: f64, fl: f64, fr: f64, a: f64) -> f64 {
    match step(l, r, fl, fr, a) {
        Ok(area) => area,
        Err((m, fm, al, ar)) => serial(l, m, fl, fm, al) + serial(m, r, fm, fr, ar),
    }
}

pub fn rayon(l: f64, r: f64, fl: f64, fr: f64, a: f64) -> f64 {
    match step(l, r, fl, fr, a) {
        Ok(area) => area,
        Err((m, fm, al, ar)) => {
            let (x, y) = rayon::join(|| rayon(l, m, fl, fm, al), || rayon(m, r, fm, fr, ar));
            x + y
        }
    }
}

pub fn chili(s: &mut chili::Scope<'_>, l: f64, r: f64, fl: f64, fr: f64, a: f64) -> f64 {
    match step(l, r, fl, fr, a) {
        Ok(area) => area,
        Err((m, fm, al, ar)) => {
            let (x, y) = s.join(|s| chili(s, l, m, fl, fm, al), |s| chili(s, m, r, fm, fr, ar));
            x + y
        }
    }
}
