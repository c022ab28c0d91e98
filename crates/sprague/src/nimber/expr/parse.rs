//! The recursive-descent parser of the nimber expression language, which
//! evaluates as it parses.

use super::lex::{Kind, Token};
use super::{ExprError, ExprErrorKind, MAX_DEPTH};
use crate::nimber::Nimber;

/// Evaluates the tokens of a whole expression (the last token is
/// [`Kind::End`]).
pub(super) fn evaluate(tokens: &[Token]) -> Result<Nimber, ExprError> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        depth: 0,
    };
    if parser.peek().kind == Kind::End {
        return Err(ExprError::at(parser.peek(), ExprErrorKind::Empty));
    }
    let value = parser.expr()?;
    let next = parser.peek();
    match next.kind {
        Kind::End => Ok(value),
        Kind::Close => Err(ExprError::at(next, ExprErrorKind::UnmatchedClose)),
        Kind::Minus => Err(ExprError::at(next, ExprErrorKind::Minus)),
        _ => Err(ExprError::at(next, ExprErrorKind::ExpectedOperator)),
    }
}

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    depth: usize,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> &'t Token {
        &self.tokens[self.pos]
    }

    fn next(&mut self) -> &'t Token {
        let t = &self.tokens[self.pos];
        if t.kind != Kind::End {
            self.pos += 1;
        }
        t
    }

    /// `term { '+' term }`
    fn expr(&mut self) -> Result<Nimber, ExprError> {
        let mut value = self.term()?;
        while self.peek().kind == Kind::Plus {
            self.next();
            value += self.term()?;
        }
        Ok(value)
    }

    /// `unary { ('*' | '/') unary }`
    fn term(&mut self) -> Result<Nimber, ExprError> {
        let mut value = self.unary()?;
        loop {
            match self.peek().kind {
                Kind::Star => {
                    self.next();
                    value *= self.unary()?;
                }
                Kind::Slash => {
                    let slash = self.next();
                    let divisor = self.unary()?;
                    value = value
                        .checked_div(divisor)
                        .ok_or_else(|| ExprError::at(slash, ExprErrorKind::DivisionByZero))?;
                }
                _ => return Ok(value),
            }
        }
    }

    /// `{ 'inv' | 'sqrt' } power`, applied innermost first.
    fn unary(&mut self) -> Result<Nimber, ExprError> {
        let mut prefixes = Vec::new();
        while matches!(self.peek().kind, Kind::Inv | Kind::Sqrt) {
            prefixes.push(self.next());
        }
        let mut value = self.power()?;
        for op in prefixes.into_iter().rev() {
            value = match op.kind {
                Kind::Inv => value
                    .inv()
                    .ok_or_else(|| ExprError::at(op, ExprErrorKind::InverseOfZero))?,
                _ => value.sqrt(),
            };
        }
        Ok(value)
    }

    /// `atom [ '^' ['-'|'+'] NUMBER ]`
    fn power(&mut self) -> Result<Nimber, ExprError> {
        let base = self.atom()?;
        if self.peek().kind != Kind::Caret {
            return Ok(base);
        }
        let caret = self.next();
        let sign = self.peek();
        let negative = match sign.kind {
            Kind::Minus => {
                self.next();
                true
            }
            Kind::Plus => {
                self.next();
                false
            }
            _ => false,
        };
        let exponent = self.next();
        let Kind::Number(k) = exponent.kind else {
            return Err(ExprError::at(exponent, ExprErrorKind::ExpectedExponent));
        };
        if self.peek().kind == Kind::Caret {
            return Err(ExprError::at(self.peek(), ExprErrorKind::ChainedPower));
        }
        if !negative {
            return Ok(base.pow(k));
        }
        let inverse = base
            .inv()
            .ok_or_else(|| ExprError::at(caret, ExprErrorKind::NegativePowerOfZero))?;
        Ok(inverse.pow(k))
    }

    /// `NUMBER | '*' NUMBER | '(' expr ')'`
    fn atom(&mut self) -> Result<Nimber, ExprError> {
        let t = self.next();
        match t.kind {
            Kind::Number(n) => Ok(Nimber(n)),
            Kind::Star => {
                // Conway's star notation, `*5`, written without a space.
                let n = self.peek();
                match n.kind {
                    Kind::Number(v) if n.column == t.column + 1 => {
                        self.next();
                        Ok(Nimber(v))
                    }
                    _ => Err(ExprError::at(t, ExprErrorKind::ExpectedOperand)),
                }
            }
            Kind::Open => {
                if self.depth == MAX_DEPTH {
                    return Err(ExprError::at(t, ExprErrorKind::TooDeep));
                }
                self.depth += 1;
                let value = self.expr()?;
                self.depth -= 1;
                let close = self.peek();
                if close.kind != Kind::Close {
                    return Err(ExprError::at(
                        close,
                        ExprErrorKind::Unclosed {
                            open_column: t.column,
                        },
                    ));
                }
                self.next();
                Ok(value)
            }
            Kind::Minus => Err(ExprError::at(t, ExprErrorKind::Minus)),
            Kind::End => Err(ExprError::at(t, ExprErrorKind::EndsEarly)),
            _ => Err(ExprError::at(t, ExprErrorKind::ExpectedOperand)),
        }
    }
}
