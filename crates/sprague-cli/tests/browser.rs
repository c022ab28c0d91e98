//! The page of `sprague serve` in a real browser: `tests/browser/page.test.mjs`
//! drives headless Chromium (Debian's `chromium`, /usr/bin/chromium) with
//! `playwright-core` from npm against a server started here, in-process, on
//! a free port. It types a position and reads the outcome, clicks a winning
//! move, plays a game to the end against the computer and wins it by
//! following the hints, triggers errors, and writes screenshots to
//! `target/browser-shots` (or `SPRAGUE_SHOTS`). Then `tests/browser/boards.test.mjs`
//! plays a game of every ruleset by clicking its drawing, wins Kayles from
//! `kayles 7` by knocking pins, cuts Hackenbush edges by click and by key,
//! and runs the axe-core accessibility audit (any violation fails); each
//! board's screenshot goes to `target/browser-shots/boards` (or `BOARD_SHOTS`).
//! `tests/browser/count.test.mjs`
//! fills the form of the count section (count.js) and reads the numbers
//! and a limit error. `tests/browser/sections.test.mjs` uses the Nimbers,
//! Genus and Quotient sections by keyboard and mouse, checks that every
//! section's limit error names the page's field (limits.js), runs the
//! axe-core audit, and writes each section's screenshot at phone and
//! desktop width (`NAME-phone.png`, `NAME-desktop.png`) to
//! `target/browser-shots` (or `SPRAGUE_SHOTS`). `tests/browser/game.test.mjs`
//! checks the play view speaks each game's words (its rules, click hint and
//! move-box example), plays Cram to the end by clicking the winning moves
//! the hint marks, with undo and redo, and shoots a Cram game after three
//! moves (`cram-three-moves.png`). `tests/browser/gallery.test.mjs` checks
//! the home page's gallery (a card per ruleset, its example drawn, Play and
//! Analyse) and shoots the home page (`home.png`, `gallery.png`).
//! `tests/browser/lesson.test.mjs` fills lesson 1's P/N table with mistakes,
//! reads their explanations, and answers its exercise wrong and right;
//! `tests/browser/lesson2.test.mjs` plays Nim in lesson 2 and answers its
//! exercise; `tests/browser/lesson3.test.mjs` fills lesson 3's table of
//! Grundy values with mistakes and reads their explanations;
//! `tests/browser/lesson4.test.mjs` answers lesson 4's sums wrong and
//! right; `tests/browser/lesson5.test.mjs` checks lesson 5's periods and
//! answers its exercise and its pitfall wrong and right;
//! `tests/browser/lesson6.test.mjs` plays misère Nim in lesson 6 and
//! answers its exercise; `tests/browser/lesson7.test.mjs` answers lesson
//! 7's exercise and pitfall, `tests/browser/lesson8.test.mjs` lesson 8's.
//! Lessons 3, 4, 5, 7 and 8's scripts first play the lesson's small game to
//! the end. The scripts share `tests/browser/common.mjs` (Chromium, the
//! page, the audit, screenshots, playing a lesson's game).
//!
//! `playwright-core` and `axe-core` are installed with `npm ci` from the lock file into
//! `target/browser-tests` on the first run (and again when the lock file
//! changes). Without Chromium or Node the test says SKIPPED loudly and
//! passes, unless `SPRAGUE_REQUIRE_BROWSER=1` (as `.ci/run` sets), when it
//! fails.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// Where the browser is: `CHROMIUM`, else /usr/bin/chromium.
fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

fn skip_or_fail(why: &str) {
    let message = format!(
        "\n\n********************************************************************\n\
         SKIPPED: the browser tests of `sprague serve`: {why}.\n\
         Install them with `apt-get install -y chromium nodejs npm`.\n\
         ********************************************************************\n"
    );
    if std::env::var("SPRAGUE_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
        panic!("SPRAGUE_REQUIRE_BROWSER=1, but {why}{message}");
    }
    eprintln!("{message}");
}

fn run(what: &str, command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("{what}: cannot run {command:?}: {e}"));
    assert!(status.success(), "{what} failed ({status}): {command:?}");
}

/// `target/browser-tests` with `playwright-core` installed from the lock
/// file, and the test script beside it.
fn prepared(source: &Path) -> PathBuf {
    let dir = common::target_dir().join("browser-tests");
    std::fs::create_dir_all(&dir).expect("create target/browser-tests");
    let lock = std::fs::read(source.join("package-lock.json")).expect("the lock file");
    let installed = std::fs::read(dir.join("package-lock.json")).ok();
    let ready = dir
        .join("node_modules/playwright-core/package.json")
        .exists();
    if !ready || installed.as_deref() != Some(&lock[..]) {
        for file in ["package.json", "package-lock.json"] {
            std::fs::copy(source.join(file), dir.join(file)).expect("copy the npm files");
        }
        run(
            "npm ci (playwright-core)",
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
                .current_dir(&dir),
        );
    }
    for script in [
        "common.mjs",
        "page.test.mjs",
        "count.test.mjs",
        "boards.test.mjs",
        "sections.test.mjs",
        "game.test.mjs",
        "gallery.test.mjs",
        "lesson.test.mjs",
        "lesson2.test.mjs",
        "lesson3.test.mjs",
        "lesson4.test.mjs",
        "lesson5.test.mjs",
        "lesson6.test.mjs",
        "lesson7.test.mjs",
        "lesson8.test.mjs",
    ] {
        std::fs::copy(source.join(script), dir.join(script)).expect("copy the test scripts");
    }
    dir
}

#[test]
fn the_page_works_in_headless_chromium() {
    in_chromium("page.test.mjs");
}

/// The drawings (board.js): the game picker (following a game typed by
/// hand), a game of every ruleset played by clicking, Kayles won by
/// knocking pins, Hackenbush cut, the axe-core audit.
#[test]
fn the_boards_work_in_headless_chromium() {
    in_chromium("boards.test.mjs");
}

/// The count section (count.js): fills its form and reads the numbers.
#[test]
fn the_count_section_works_in_headless_chromium() {
    in_chromium("count.test.mjs");
}

/// The Nimbers, Genus and Quotient sections (nimber.js, misere.js) by
/// keyboard and mouse, the limit errors of every section (limits.js), the
/// axe-core audit, and each section's screenshot at phone and desktop width.
#[test]
fn the_nimber_genus_and_quotient_sections_work_in_headless_chromium() {
    in_chromium("sections.test.mjs");
}

/// The play view in the game's own words (game.js): Kayles' and Cram's
/// rules and examples only, a Cram game played to the end by clicking the
/// winning moves the hint marks, with undo and redo, its dominoes drawn as
/// pieces, the axe-core audit, and a Cram game after three moves.
#[test]
fn the_play_view_speaks_each_games_words_in_headless_chromium() {
    in_chromium("game.test.mjs");
}

/// The home page's gallery (gallery.js): a card per ruleset with its
/// example drawn and its rule; Play and Analyse on a card; the audit; the
/// screenshots of the home page and the gallery.
#[test]
fn the_gallery_works_in_headless_chromium() {
    in_chromium("gallery.test.mjs");
}

/// Lesson 1 (lesson.html): reached from the home page, its P/N table
/// checked with mistakes explained, its exercise answered wrong and right,
/// the audit, the screenshots `lesson.png` and `lesson-exercise.png`.
#[test]
fn the_lesson_works_in_headless_chromium() {
    in_chromium("lesson.test.mjs");
}

/// Lesson 2 (lesson2.html, lessons.js): Nim played to the end with
/// Bouton's moves, the nim-sum in binary checked after every turn; its
/// exercise answered wrong (explained by the nim-sum left), with a non-move,
/// and with every winning move; the audit; `lesson2.png`,
/// `lesson2-exercise.png`.
#[test]
fn lesson_2_works_in_headless_chromium() {
    in_chromium("lesson2.test.mjs");
}

/// Lesson 3 (lesson3.html, lessons.js): a heap of sub:2,3,5 played to
/// the end, the page's mex checked after every turn; the table of Grundy values of
/// sub:2,3,5 checked with three kinds of mistake and a blank, each
/// explained as the mex of its options' values, then corrected; the audit;
/// `lesson3.png`.
#[test]
fn lesson_3_works_in_headless_chromium() {
    in_chromium("lesson3.test.mjs");
}

/// Lesson 4 (lesson4.html, lessons.js): a sum played to the end, the
/// page's values and nim-sum checked after every turn; the Grundy values of three sums,
/// one given as the ordinary sum and one left blank, each explained by its
/// components' values and their nim-sum in binary, then corrected; the
/// audit; `lesson4.png`.
#[test]
fn lesson_4_works_in_headless_chromium() {
    in_chromium("lesson4.test.mjs");
}

/// Lesson 5 (lesson5.html, lessons.js): a large heap played to the end,
/// the page's reduction by the period checked after every turn; the periods and values it shows
/// checked against the mex; G(1000) answered with the period counted from
/// heap 0 (explained) and right; the pitfall of a table that stops short
/// answered as if the heap past it were 0 (explained, the table extended)
/// and right; the audit; `lesson5.png`.
#[test]
fn lesson_5_works_in_headless_chromium() {
    in_chromium("lesson5.test.mjs");
}

/// Lesson 6 (lesson6.html, lessons.js): misère Nim played to the end by
/// the misère rule, the outcome checked after every turn; its exercise
/// answered with the normal-play move (explained) and with every misère
/// winning move; the audit; `lesson6-exercise.png`.
#[test]
fn lesson_6_works_in_headless_chromium() {
    in_chromium("lesson6.test.mjs");
}

/// Lesson 7 (lesson7.html, lessons-more.js): Moore's Nim-k, a position of
/// moore:2 played to the end (the columns' counts checked after every
/// turn), its exercise
/// answered with a losing move (explained by the columns' counts), a move
/// on too many heaps and every winning move; the pitfall of "at most k
/// tokens" ticked wrong and right; the audit; `lesson7.png`,
/// `lesson7-exercise.png`.
#[test]
fn lesson_7_works_in_headless_chromium() {
    in_chromium("lesson7.test.mjs");
}

/// Lesson 8 (lesson8.html, lessons-more.js): staircase Nim, a staircase
/// played to the end (the odd steps' nim-sum checked after every turn),
/// its exercise
/// answered with a losing move (explained by the odd steps' nim-sum), a
/// non-move and every winning move; the pitfall of numbering the stairs
/// ticked with one numbering for both staircases, then right; the audit;
/// `lesson8.png`, `lesson8-exercise.png`.
#[test]
fn lesson_8_works_in_headless_chromium() {
    in_chromium("lesson8.test.mjs");
}

/// Runs one test script of tests/browser against a server started here.
fn in_chromium(script: &str) {
    // One script at a time: they share target/browser-tests (npm ci).
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !chromium().exists() {
        skip_or_fail(&format!("no browser at {}", chromium().display()));
        return;
    }
    let node_ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let npm_ok = Command::new("npm")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_ok || !npm_ok {
        skip_or_fail("no `node` and `npm` on this machine");
        return;
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let dir = prepared(&source);
    let server = common::server::Server::start(Default::default());
    // Every screenshot goes to the test output: the page's and the
    // sections' to target/browser-shots, the boards' beside them.
    let shots = std::env::var_os("SPRAGUE_SHOTS")
        .map_or_else(|| common::target_dir().join("browser-shots"), PathBuf::from);
    let board_shots =
        std::env::var_os("BOARD_SHOTS").map_or_else(|| shots.join("boards"), PathBuf::from);
    run(
        &format!("the browser test (tests/browser/{script})"),
        Command::new("node")
            .arg(script)
            .current_dir(&dir)
            .env("SPRAGUE_URL", server.url(""))
            .env("CHROMIUM", chromium())
            .env("SHOTS", &shots)
            .env("BOARD_SHOTS", &board_shots),
    );
}
