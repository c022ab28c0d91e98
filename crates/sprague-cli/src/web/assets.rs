//! The page's files, built into the program: a fixed map from name to
//! bytes, so no request reaches the file system and no path can escape.

/// The page.
const INDEX: &str = include_str!("assets/index.html");
/// Its script (no framework, no build step).
const SCRIPT: &str = include_str!("assets/app.js");
/// The script of the count section (apart from app.js, so each section's
/// script can change on its own).
const COUNT_SCRIPT: &str = include_str!("assets/count.js");
/// The drawings of positions, the chart of a game and the game picker.
const BOARD: &str = include_str!("assets/board.js");
/// The script of the Nimbers section.
const NIMBER_SCRIPT: &str = include_str!("assets/nimber.js");
/// The script of the Genus and Quotient sections (misère play).
const MISERE_SCRIPT: &str = include_str!("assets/misere.js");
/// The page's wording of limit errors: the field to change, not a flag.
const LIMITS_SCRIPT: &str = include_str!("assets/limits.js");
/// The drawings of graphs, boards of cells, coins and strips (added to
/// board.js's renderers).
const PIECES: &str = include_str!("assets/pieces.js");
/// The play view in the game's own words: its rules, the move box's
/// example, the winning moves marked, the dominoes placed.
const GAME: &str = include_str!("assets/game.js");
/// The home page's gallery: a card per ruleset with its example drawn.
const GALLERY: &str = include_str!("assets/gallery.js");
/// Lesson 1: P- and N-positions found by hand, and an exercise.
const LESSON: &str = include_str!("assets/lesson.html");
/// The script of lesson 1: it checks the table and the exercise.
const LESSON_SCRIPT: &str = include_str!("assets/lesson.js");
/// Lesson 2: Nim and Bouton's theorem (its script is lessons.js).
const LESSON2: &str = include_str!("assets/lesson2.html");
/// Lesson 3: mex and Grundy values.
const LESSON3: &str = include_str!("assets/lesson3.html");
/// Lesson 4: sums of games, the Sprague-Grundy theorem.
const LESSON4: &str = include_str!("assets/lesson4.html");
/// Lesson 5: subtraction games and their periods; the pitfall of a table
/// that stops short of the largest heap.
const LESSON5: &str = include_str!("assets/lesson5.html");
/// Lesson 6: misère Nim (lesson 2's parts in misère play).
const LESSON6: &str = include_str!("assets/lesson6.html");
/// What the lesson scripts share: asking the server, a position's moves, a
/// table in binary, running the lesson a page names.
const LESSON_KIT: &str = include_str!("assets/lesson-kit.js");
/// Lesson 7: Moore's Nim-k; the pitfall of "at most k tokens".
const LESSON7: &str = include_str!("assets/lesson7.html");
/// Lesson 8: staircase Nim; the pitfall of numbering the stairs.
const LESSON8: &str = include_str!("assets/lesson8.html");
/// The script of lessons 7 and 8 (on lesson-kit.js).
const LESSONS_MORE_SCRIPT: &str = include_str!("assets/lessons-more.js");
/// The script of lessons 2 to 6: the lesson a page names in its `<body>`.
const LESSONS_SCRIPT: &str = include_str!("assets/lessons.js");
/// The style sheet of the pages.
const STYLE: &str = include_str!("assets/style.css");

/// The content type and bytes of the embedded file `name` (`index.html`,
/// `lesson.html`, `lesson2.html`, `lesson3.html`, `lesson4.html`,
/// `lesson5.html`, `lesson6.html`, `lesson7.html`, `lesson8.html`, `lesson-kit.js`,
/// `lessons-more.js`, `app.js`, `board.js`, `pieces.js`, `game.js`, `gallery.js`,
/// `lesson.js`, `lessons.js`, `count.js`, `nimber.js`, `misere.js`,
/// `limits.js`, `style.css`); `None` for any other name.
pub fn get(name: &str) -> Option<(&'static str, &'static [u8])> {
    match name {
        "index.html" => Some(("text/html; charset=utf-8", INDEX.as_bytes())),
        "app.js" => Some(("text/javascript; charset=utf-8", SCRIPT.as_bytes())),
        "count.js" => Some(("text/javascript; charset=utf-8", COUNT_SCRIPT.as_bytes())),
        "board.js" => Some(("text/javascript; charset=utf-8", BOARD.as_bytes())),
        "pieces.js" => Some(("text/javascript; charset=utf-8", PIECES.as_bytes())),
        "game.js" => Some(("text/javascript; charset=utf-8", GAME.as_bytes())),
        "gallery.js" => Some(("text/javascript; charset=utf-8", GALLERY.as_bytes())),
        "lesson.html" => Some(("text/html; charset=utf-8", LESSON.as_bytes())),
        "lesson.js" => Some(("text/javascript; charset=utf-8", LESSON_SCRIPT.as_bytes())),
        "lesson2.html" => Some(("text/html; charset=utf-8", LESSON2.as_bytes())),
        "lesson3.html" => Some(("text/html; charset=utf-8", LESSON3.as_bytes())),
        "lesson4.html" => Some(("text/html; charset=utf-8", LESSON4.as_bytes())),
        "lesson5.html" => Some(("text/html; charset=utf-8", LESSON5.as_bytes())),
        "lesson6.html" => Some(("text/html; charset=utf-8", LESSON6.as_bytes())),
        "lesson-kit.js" => Some(("text/javascript; charset=utf-8", LESSON_KIT.as_bytes())),
        "lesson7.html" => Some(("text/html; charset=utf-8", LESSON7.as_bytes())),
        "lesson8.html" => Some(("text/html; charset=utf-8", LESSON8.as_bytes())),
        "lessons-more.js" => Some((
            "text/javascript; charset=utf-8",
            LESSONS_MORE_SCRIPT.as_bytes(),
        )),
        "lessons.js" => Some(("text/javascript; charset=utf-8", LESSONS_SCRIPT.as_bytes())),
        "style.css" => Some(("text/css; charset=utf-8", STYLE.as_bytes())),
        "nimber.js" => Some(("text/javascript; charset=utf-8", NIMBER_SCRIPT.as_bytes())),
        "misere.js" => Some(("text/javascript; charset=utf-8", MISERE_SCRIPT.as_bytes())),
        "limits.js" => Some(("text/javascript; charset=utf-8", LIMITS_SCRIPT.as_bytes())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::get;

    #[test]
    fn only_the_page_files_are_served() {
        assert!(get("index.html").is_some());
        assert!(get("app.js").is_some());
        assert!(get("style.css").is_some());
        assert!(get("count.js").is_some());
        assert!(get("board.js").is_some());
        for script in ["nimber.js", "misere.js", "limits.js"] {
            assert!(get(script).is_some(), "{script}");
        }
        assert!(get("pieces.js").is_some());
        assert!(get("game.js").is_some());
        assert!(get("gallery.js").is_some());
        assert!(get("lesson.html").is_some());
        assert!(get("lesson.js").is_some());
        for lesson in [
            "lesson2.html",
            "lesson3.html",
            "lesson4.html",
            "lesson5.html",
            "lesson6.html",
            "lesson-kit.js",
            "lesson7.html",
            "lesson8.html",
            "lessons-more.js",
            "lessons.js",
        ] {
            assert!(get(lesson).is_some(), "{lesson}");
        }
        for name in [
            "",
            "../Cargo.toml",
            "assets/app.js",
            "..%2fmain.rs",
            "mod.rs",
        ] {
            assert!(get(name).is_none(), "{name}");
        }
    }
}
