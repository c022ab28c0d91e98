//! The `sprague` command: parse the arguments, call the `sprague` library,
//! print text or JSON. Nothing else lives here.

use std::io::Write;

use clap::{Parser, Subcommand};
use sprague_cli::cmd;
use sprague_cli::exit::{self, Exit};

/// Impartial combinatorial games: Nim and its relatives, Grundy values,
/// nim-sequences, periods, nimbers, and a perfect opponent.
///
/// Positions are written as a sum of components joined by `+`, each a ruleset
/// followed by heap sizes: `nim 3 4 5`, `kayles 10 + nim 3`, `sub:1,3,4 20`.
#[derive(Debug, Parser)]
#[command(name = "sprague", version, disable_help_subcommand = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most memory a computation may hold, in bytes or with a unit
    /// (512M, 4G): searches, tables, genus and quotient computations stop
    /// with exit status 3 past it. Default: half the machine's memory, at
    /// most 4G. In `serve`, each request's budget, reserved from the
    /// server's --max-memory-total (default: half of what the requests on
    /// the workers share).
    #[arg(long, global = true, value_name = "SIZE", value_parser = cmd::parse_size)]
    max_memory: Option<u64>,
    /// The largest graph or picture file read (`digraph:FILE`, `file:PATH`),
    /// in bytes or with a unit (64M); past it exit status 3, before the
    /// file is read to its end. Default 32M. The web server reads no files.
    #[arg(long, global = true, value_name = "SIZE", value_parser = cmd::parse_bytes)]
    max_graph_file: Option<u64>,
}

/// Every allocation is counted, so that the memory budget (`--max-memory`)
/// measures the bytes held.
#[global_allocator]
static ALLOCATOR: sprague::budget::CountingAllocator = sprague::budget::CountingAllocator;

#[derive(Debug, Subcommand)]
enum Command {
    Analyze(cmd::analyze::Args),
    Batch(cmd::batch::Args),
    Play(cmd::play::Args),
    Verify(cmd::verify::Args),
    Nimber(cmd::nimber::Args),
    // A negative number is a flag's bad value (`--threads -1`), named
    // as such, not an unknown argument.
    #[command(allow_negative_numbers = true)]
    Sequence(cmd::sequence::Args),
    // A negative number is a flag's bad value (`--threads -1`), named
    // as such, not an unknown argument.
    #[command(allow_negative_numbers = true)]
    Period(cmd::period::Args),
    Table(cmd::table::Args),
    // A negative number is a flag's bad value (`--threads -1`), named
    // as such, not an unknown argument.
    #[command(allow_negative_numbers = true)]
    Count(cmd::count::CountArgs),
    // A negative number is a flag's bad value (`--to -1`), named as
    // such, not an unknown argument.
    #[command(allow_negative_numbers = true)]
    Genus(cmd::genus::Args),
    // A negative number is a flag's bad value (`--to -1`), named as
    // such, not an unknown argument.
    #[command(allow_negative_numbers = true)]
    Quotient(cmd::quotient::Args),
    Serve(cmd::serve::Args),
    Rulesets(cmd::rulesets::Args),
    Completions(CompletionsArgs),
    Man(ManArgs),
    Help(HelpArgs),
}

/// Print a shell completion script for sprague, generated from its
/// command-line definitions.
///
/// Install: bash `sprague completions bash > ~/.local/share/bash-completion/completions/sprague`;
/// zsh `sprague completions zsh > ~/.zfunc/_sprague` (with `fpath+=~/.zfunc`
/// before `compinit` in ~/.zshrc); fish `sprague completions fish >
/// ~/.config/fish/completions/sprague.fish`.
#[derive(Debug, clap::Args)]
struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    shell: clap_complete::Shell,
}

/// Print the man page of sprague (roff), generated from its command-line
/// definitions; with --dir, write sprague.1 and one page a command
/// (sprague-analyze.1, ...) into a directory.
///
/// Install: `sprague man --dir ~/.local/share/man/man1`, then `man sprague`.
#[derive(Debug, clap::Args)]
struct ManArgs {
    /// Write the pages into this directory (which must exist) rather than
    /// the main page to stdout.
    #[arg(long, value_name = "DIR")]
    dir: Option<std::path::PathBuf>,
}

/// Prints the completion script of `shell`.
fn print_completions(args: &CompletionsArgs) -> anyhow::Result<Exit> {
    use clap::CommandFactory;
    // Into memory first: clap_complete panics on a failed write (a closed
    // pipe), which stdout reports as an error.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "sprague", &mut script);
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, &script)?;
    std::io::Write::flush(&mut out)?;
    Ok(Exit::Success)
}

/// Prints the man page, or writes every page into `--dir`.
fn print_man(args: &ManArgs) -> anyhow::Result<Exit> {
    use clap::CommandFactory;
    let cli = Cli::command();
    match &args.dir {
        Some(dir) => {
            if !dir.is_dir() {
                let why = if dir.exists() {
                    "not a directory"
                } else {
                    "no such directory"
                };
                return Err(cmd::UsageError(format!("--dir {}: {why}", dir.display())).into());
            }
            // Each page through a temporary folder beside the pages, moved
            // into place once all are written: nothing half written is
            // left under a page's name.
            let staging = tempfile::Builder::new()
                .prefix(".sprague-man-")
                .tempdir_in(dir)
                .map_err(|e| {
                    cmd::UsageError(format!(
                        "man --dir {}: cannot write there: {}",
                        dir.display(),
                        cmd::atomic::system_words(&e)
                    ))
                })?;
            clap_mangen::generate_to(cli, staging.path()).map_err(|e| {
                cmd::UsageError(format!(
                    "man --dir {}: cannot write the pages: {e}",
                    dir.display()
                ))
            })?;
            let pages: Vec<std::path::PathBuf> = std::fs::read_dir(staging.path())?
                .map(|page| page.map(|p| p.path()))
                .collect::<Result<_, _>>()?;
            // Every page's place checked before any is moved: a failure
            // leaves the folder as it was.
            for page in &pages {
                let to = dir.join(page.file_name().unwrap_or_default());
                if to.exists() && !to.is_file() {
                    return Err(cmd::UsageError(format!(
                        "man --dir: cannot write {}: it is not a file",
                        to.display()
                    ))
                    .into());
                }
            }
            for page in &pages {
                let to = dir.join(page.file_name().unwrap_or_default());
                std::fs::rename(page, &to).map_err(|e| {
                    cmd::UsageError(format!("man --dir: cannot write {}: {e}", to.display()))
                })?;
            }
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cli).render(&mut page)?;
            let mut out = std::io::stdout().lock();
            std::io::Write::write_all(&mut out, &page)?;
            std::io::Write::flush(&mut out)?;
        }
    }
    Ok(Exit::Success)
}

/// Print the help of sprague, or of one command (`sprague help analyze`,
/// the same as `sprague analyze --help`).
#[derive(Debug, clap::Args)]
struct HelpArgs {
    /// The command whose help to print.
    #[arg(value_name = "COMMAND")]
    command: Option<String>,
}

/// Prints the long help of `command` (or of sprague itself).
fn print_help(command: Option<&str>) -> anyhow::Result<Exit> {
    use clap::CommandFactory;
    let mut cli = Cli::command();
    cli.build();
    let help = match command {
        None => cli.render_long_help(),
        Some(name) => match cli.find_subcommand_mut(name) {
            Some(sub) => sub.render_long_help(),
            None => {
                let names: Vec<String> = Cli::command()
                    .get_subcommands()
                    .map(|c| c.get_name().to_string())
                    .collect();
                return Err(cmd::UsageError(format!(
                    "no command {name:?}; the commands are {}",
                    names.join(", ")
                ))
                .into());
            }
        },
    };
    // Written, not printed: a closed pipe ends the run quietly, as for
    // every command.
    let mut out = std::io::stdout().lock();
    if std::io::IsTerminal::is_terminal(&out) {
        write!(out, "{}", help.ansi())?;
    } else {
        write!(out, "{help}")?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with exit 0, usage
            // errors to stderr; both keep their own formatting.
            let missing = matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
                    | clap::error::ErrorKind::MissingSubcommand
            );
            if missing {
                eprintln!("error: a command is required\n");
            }
            let code = if e.use_stderr() || missing {
                Exit::BadInput
            } else {
                Exit::Success
            };
            if e.print().is_err() && code == Exit::Success {
                // Help or the version into a full or closed output.
                eprintln!("error: cannot write standard output");
                Exit::BadInput.exit();
            }
            code.exit();
        }
    };
    let budget = cli.max_memory.unwrap_or_else(cmd::default_memory_budget);
    cmd::set_memory_budget(budget);
    if let Some(bytes) = cli.max_graph_file {
        cmd::set_max_graph_file(bytes);
    }
    if !matches!(cli.command, Command::Serve(_)) {
        // One computation at a time: the budget is the whole process's.
        sprague::budget::set_process_memory_limit(Some(budget));
    }
    let result = match cli.command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Batch(args) => cmd::batch::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Verify(args) => cmd::verify::run(args),
        Command::Nimber(args) => cmd::nimber::run(args),
        Command::Sequence(args) => cmd::sequence::run(args),
        Command::Period(args) => cmd::period::run(args),
        Command::Table(args) => cmd::table::run(args),
        Command::Count(args) => cmd::count::run(args),
        Command::Genus(args) => cmd::genus::run(args),
        Command::Quotient(args) => cmd::quotient::run(args),
        Command::Serve(args) => cmd::serve::run(args, cli.max_memory),
        Command::Rulesets(args) => cmd::rulesets::run(args),
        Command::Completions(args) => print_completions(&args),
        Command::Man(args) => print_man(&args),
        Command::Help(args) => print_help(args.command.as_deref()),
    };
    match result {
        Ok(code) => code.exit(),
        Err(e) if exit::is_broken_pipe(&e) => {
            // The reader went away (`sprague batch ... | head`): stop quietly.
            Exit::Success.exit()
        }
        Err(e) => {
            let code = exit::classify(&e);
            if exit::is_unnamed_write_error(&e) {
                // A write with no file named is to standard output (every
                // file sprague writes names itself in its errors).
                eprintln!("error: cannot write standard output: {e:#}");
            } else {
                eprintln!("error: {e:#}");
            }
            code.exit();
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
