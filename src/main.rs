//! `skirmish`: the game window, `check` for level files and `run` for headless battles.
#![forbid(unsafe_code)]

/// mimalloc instead of the system allocator: the rules allocate many small short-lived
/// buffers (fields, candidate lists, events), and glibc's malloc and free were 12–15% of
/// an AI battle's instructions (issue 34; `docs/performance.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    skirmish::cli::main()
}
