//! The `shogiprint` command: parses the arguments and hands over to [`cli::run`].

mod cli;

use clap::Parser;

fn main() {
    // clap exits by itself on --help (0) and usage errors (2).
    let args = cli::Cli::parse();
    std::process::exit(cli::run(args));
}
