//! `skirmish`: the game window, `check` for level files and `run` for headless battles.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    skirmish::cli::main()
}
