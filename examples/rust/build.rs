//! Finds librami for the linker: RAMI_LIB_DIR if set, else the
//! repository's own build (build/lib, the README's build directory), else
//! pkg-config's `rami`. The test programs and examples get an rpath to
//! that directory, so they run without LD_LIBRARY_PATH.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn has_library(dir: &Path) -> bool {
    ["librami.so", "librami.dylib", "librami.a", "rami.lib"].iter().any(|f| dir.join(f).exists())
}

fn repository_build() -> Option<PathBuf> {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR")?);
    let dir = manifest.join("..").join("..").join("build").join("lib");
    if has_library(&dir) {
        Some(dir)
    } else {
        None
    }
}

fn pkg_config() -> Option<PathBuf> {
    let out = Command::new("pkg-config").args(["--variable=libdir", "rami"]).output().ok()?;
    let dir = String::from_utf8(out.stdout).ok()?;
    let dir = dir.trim();
    if out.status.success() && !dir.is_empty() {
        Some(PathBuf::from(dir))
    } else {
        None
    }
}

fn main() {
    println!("cargo:rerun-if-env-changed=RAMI_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = env::var_os("RAMI_LIB_DIR")
        .map(PathBuf::from)
        .or_else(repository_build)
        .or_else(pkg_config);
    match dir {
        Some(dir) => {
            println!("cargo:rustc-link-search=native={}", dir.display());
            if env::var("CARGO_CFG_TARGET_FAMILY").as_deref() == Ok("unix") {
                println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
            }
        }
        None => println!(
            "cargo:warning=librami not found: set RAMI_LIB_DIR, build the repository \
             (build/lib), or install it for pkg-config"
        ),
    }
    println!("cargo:rustc-link-lib=dylib=rami");
}
