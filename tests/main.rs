//! The one integration-test binary of the root package (every extra one links Bevy
//! again): the `skirmish` binary and the window crate. The rules tests live in
//! `crates/rules/tests/`.
#![forbid(unsafe_code)]

mod cli;
mod editor;
mod editor_more;
mod files;
mod hostile;
mod install;
mod saves;
/// The rules tests' battle builders (only some are used here).
#[allow(dead_code)]
#[path = "../crates/rules/tests/support/battles.rs"]
mod support;
mod window;

use std::path::{Path, PathBuf};

/// Path of a file in the repository.
pub fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}
