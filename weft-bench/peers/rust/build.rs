// Records the compiler's version for the binary's header line.
fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = std::process::Command::new(rustc).arg("--version").output().expect("rustc --version");
    let v = String::from_utf8_lossy(&out.stdout);
    let v = v.split_whitespace().nth(1).unwrap_or("?");
    println!("cargo:rustc-env=PEERS_RUSTC_VERSION={v}");
}
