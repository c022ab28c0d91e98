//! Move text against a position. The input is a position, a newline, and
//! the move text. Whatever parses is legal (`Position::play` succeeds), and
//! its written forms read back to a move with the same result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::{movetext, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((position, move_text)) = text.split_once('\n') else {
        return;
    };
    let Ok(position) = position.parse::<Position>() else {
        return;
    };
    let Ok(mv) = movetext::parse(&position, move_text) else {
        return;
    };
    let after = position
        .play(&mv)
        .unwrap_or_else(|e| panic!("{move_text:?} parsed in {position} but is not playable: {e}"));
    let after = after.to_string();
    for written in [
        movetext::write(&position, &mv),
        mv.display(&position).to_string(),
    ] {
        let back = movetext::parse(&position, &written).unwrap_or_else(|e| {
            panic!("{written:?} (written for {move_text:?} in {position}) does not read back: {e}")
        });
        let again = position
            .play(&back)
            .unwrap_or_else(|e| panic!("{written:?} in {position} is not playable: {e}"));
        assert_eq!(
            again.to_string(),
            after,
            "{written:?} (written for {move_text:?} in {position}) leads elsewhere"
        );
    }
});
