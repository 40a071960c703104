//! [`DeError`]: what a type refused reading JSON, and where; serde's
//! errors made fixed messages.

use crate::bind::errors::FieldErrorKind;
use crate::bind::field_path::Segment;
use crate::bind::FieldCx;
use crate::convert::serde::{NOT_ONE_OF, NOT_VALID, UNKNOWN_MEMBER, WRONG_LENGTH, WRONG_TYPE};
use crate::error::ValueError;
use ::serde::de;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

/// What a type refused, and where, or that the JSON is malformed.
pub(crate) struct DeError<'r>(Box<Failure<'r>>);

#[derive(Debug)]
pub(super) struct Failure<'r> {
    /// What to record; `None` for a syntax error, which the deserializer
    /// keeps (`JsonDe::syntax`) and the bind ends with.
    kind: Option<FieldErrorKind>,
    /// Where, below the value the field reads: innermost first, each
    /// level adding its step as the error leaves it.
    path: Vec<Segment<'r>>,
}

impl<'r> DeError<'r> {
    #[cold]
    pub(super) fn new(kind: FieldErrorKind) -> Self {
        DeError(Box::new(Failure {
            kind: Some(kind),
            path: Vec::new(),
        }))
    }

    #[cold]
    pub(super) fn invalid(message: &'static str) -> Self {
        Self::new(FieldErrorKind::Invalid(ValueError::custom(message)))
    }

    #[cold]
    pub(super) fn syntax() -> Self {
        DeError(Box::new(Failure {
            kind: None,
            path: Vec::new(),
        }))
    }

    /// Whether the JSON is malformed (the deserializer kept the error).
    pub(super) fn is_syntax(&self) -> bool {
        self.0.kind.is_none()
    }

    /// This error, one step further out: it happened at `segment`.
    #[cold]
    pub(super) fn at(mut self, segment: Segment<'r>) -> Self {
        if self.0.kind.is_some() {
            self.0.path.push(segment);
        }
        self
    }

    /// Records the refusal in `cx`, at its path below it.
    #[cold]
    #[inline(never)]
    pub(super) fn record(self, cx: &mut FieldCx<'_, 'r>) {
        fn fail_at<'r>(cx: &mut FieldCx<'_, 'r>, path: &[Segment<'r>], kind: FieldErrorKind) {
            match path.split_last() {
                Some((segment, rest)) => fail_at(&mut cx.at(*segment), rest, kind),
                None => cx.fail(kind),
            }
        }
        let Failure { kind, path } = *self.0;
        if let Some(kind) = kind {
            fail_at(cx, &path, kind);
        }
    }
}

impl From<ValueError> for DeError<'_> {
    #[cold]
    fn from(e: ValueError) -> Self {
        DeError::new(FieldErrorKind::Invalid(e))
    }
}

impl fmt::Debug for DeError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for DeError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.kind {
            Some(kind) => f.write_str(kind.detail()),
            None => f.write_str("malformed JSON"),
        }
    }
}

impl core::error::Error for DeError<'_> {}

/// serde's errors, each made a fixed message: serde builds its own from
/// what was sent (`invalid value: string "x"`), which binder never echoes.
impl de::Error for DeError<'_> {
    #[cold]
    fn custom<T: fmt::Display>(_: T) -> Self {
        DeError::invalid(NOT_VALID)
    }

    #[cold]
    fn invalid_type(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        DeError::new(FieldErrorKind::WrongType(WRONG_TYPE))
    }

    #[cold]
    fn invalid_value(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        DeError::invalid(NOT_VALID)
    }

    #[cold]
    fn invalid_length(_: usize, _: &dyn de::Expected) -> Self {
        DeError::invalid(WRONG_LENGTH)
    }

    #[cold]
    fn unknown_variant(_: &str, expected: &'static [&'static str]) -> Self {
        DeError::new(FieldErrorKind::Invalid(ValueError::not_one_of(
            NOT_ONE_OF, expected,
        )))
    }

    #[cold]
    fn unknown_field(_: &str, _: &'static [&'static str]) -> Self {
        // The member's name is added as the error leaves the key.
        DeError::invalid(UNKNOWN_MEMBER)
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        DeError::new(FieldErrorKind::Missing).at(Segment::Key(field))
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        DeError::new(FieldErrorKind::Duplicate).at(Segment::Key(field))
    }
}
