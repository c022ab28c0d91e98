//! Nimber expressions: no panic; a value prints as a number that reads
//! back to itself; x + x = 0 and x * 1 = x for the value x of any
//! expression; an error's column lies within the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::nimber::expr::evaluate;
use sprague::Nimber;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match evaluate(text) {
        Ok(v) => {
            let printed = v.0.to_string();
            assert_eq!(evaluate(&printed), Ok(v), "{text:?} = {printed}");
            assert_eq!(evaluate(&format!("{printed} + {printed}")), Ok(Nimber(0)));
            assert_eq!(evaluate(&format!("{printed} * 1")), Ok(v));
            if v.0 != 0 {
                let inv = evaluate(&format!("inv {printed}")).expect("inverse of a non-zero");
                assert_eq!(
                    evaluate(&format!("{printed} * {}", inv.0)),
                    Ok(Nimber(1)),
                    "{printed} * inv {printed}"
                );
            }
        }
        Err(e) => {
            let chars = text.chars().count();
            assert!(
                e.column() <= chars + 1,
                "{text:?}: error column {} past the end ({chars} characters): {e}",
                e.column()
            );
            let _ = e.to_string();
        }
    }
});
