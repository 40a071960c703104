//! Errors: request-level scan errors ([`Error`]) and field-level value
//! errors ([`ValueError`]).
//!
//! Both are small `Copy` values. Neither holds nor prints the bytes a client
//! sent: a message names what was expected and where, never the value, so
//! logging an error can never leak a password or echo a script back.
//!
//! A scan error says the input as a whole could not be read ("more than
//! 1,000 pairs", "this body is not JSON"); a value error says one value did
//! not convert into its field ("`qty` is not an integer").

use core::fmt;

/// A request-level error: the input could not be scanned, or a limit was
/// passed. Carries the byte offset in the scanned input where it happened.
///
/// ```
/// use binder_core::{query, Limits, ErrorKind};
///
/// let mut limits = Limits::DEFAULT;
/// limits.max_pairs = 1;
/// let err = query::pairs_with(b"a=1&b=2", &limits).find_map(Result::err).unwrap();
/// assert_eq!(err.kind(), ErrorKind::TooManyPairs);
/// assert_eq!(err.offset(), 4);
/// assert_eq!(err.to_string(), "more pairs than the limit allows at byte 4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    /// An error of `kind` at byte `offset` of the scanned input.
    ///
    /// ```
    /// use binder_core::{Error, ErrorKind};
    ///
    /// // A scanner of your own reports where the input went wrong.
    /// let err = Error::new(ErrorKind::JsonEof, 12);
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::JsonEof, 12));
    /// assert_eq!(err.to_string(), "the JSON ends early at byte 12");
    /// ```
    #[inline]
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error { kind, offset }
    }

    /// What went wrong.
    #[inline]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the scanned input where it went wrong.
    #[inline]
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.as_str())?;
        f.write_str(" at byte ")?;
        fmt::Display::fmt(&self.offset, f)
    }
}

impl core::error::Error for Error {}

/// What a request-level [`Error`] is about.
///
/// ```
/// use binder_core::{json::Reader, ErrorKind};
///
/// let kind = |body: &[u8]| Reader::new(body).skip_value().unwrap_err().kind();
/// assert_eq!(kind(b"[1,]"), ErrorKind::JsonUnexpected);
/// assert_eq!(kind(b"01"), ErrorKind::JsonInvalidNumber);
/// assert_eq!(kind(br#""\x""#), ErrorKind::JsonInvalidEscape);
/// assert_eq!(kind(b"[1, 2"), ErrorKind::JsonEof);
/// // Not a match on every kind: more may come (`#[non_exhaustive]`).
/// assert!(!kind(b"[1,]").is_limit());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A query string or form body has more pairs than
    /// [`Limits::max_pairs`](crate::Limits::max_pairs).
    TooManyPairs,
    /// A key is longer than [`Limits::max_key_len`](crate::Limits::max_key_len).
    KeyTooLong,
    /// A form pair longer than the carry buffer of the
    /// [`form::Feed`](crate::form::Feed) reading the body in pieces.
    PairTooLong,
    /// A `Cookie` header has more cookies than
    /// [`Limits::max_cookies`](crate::Limits::max_cookies).
    TooManyCookies,
    // multipart
    /// A `Content-Type` that is not `multipart/form-data`.
    NotFormData,
    /// A `multipart/form-data` `Content-Type` whose `boundary` parameter is
    /// missing, empty, repeated, longer than 70 bytes or not RFC 2046
    /// characters, or whose parameters are malformed.
    InvalidBoundary,
    /// A multipart body that ends before its close delimiter: no opening
    /// delimiter, a part cut short, or no `--boundary--` at the end.
    UnexpectedEnd,
    /// A `--boundary` followed by something other than `--` (the close
    /// delimiter) or optional spaces and tabs then CRLF.
    InvalidDelimiter,
    /// A multipart part header line that is not `name: value` CRLF (a bare
    /// CR or LF, a control byte, a space before the colon).
    PartHeaderSyntax,
    /// A part with two `Content-Disposition` or two `Content-Type` headers.
    DuplicatePartHeader,
    /// A part whose `Content-Disposition` is missing, not `form-data`, or
    /// malformed (including a repeated `name` or `filename` parameter).
    InvalidContentDisposition,
    /// A part whose `Content-Disposition` has no `name`, or an empty one.
    MissingPartName,
    /// A multipart body with more parts than
    /// [`Limits::max_parts`](crate::Limits::max_parts).
    TooManyParts,
    /// A part whose header lines are longer in total than
    /// [`Limits::max_part_header_bytes`](crate::Limits::max_part_header_bytes).
    PartHeadersTooLong,
    /// A part with more header lines than
    /// [`Limits::max_part_headers`](crate::Limits::max_part_headers).
    TooManyPartHeaders,
    // JSON
    /// The JSON input ended before its value was complete.
    JsonEof,
    /// A byte that RFC 8259 does not allow where it stands: a missing comma
    /// or colon, a trailing comma, a bad literal, a byte order mark.
    JsonUnexpected,
    /// Bytes other than whitespace after the JSON value.
    JsonTrailing,
    /// The JSON input is not UTF-8.
    JsonInvalidUtf8,
    /// A control character (U+0000 to U+001F) written unescaped in a string.
    JsonControlChar,
    /// A backslash escape RFC 8259 does not define, or `\u` without four
    /// hex digits.
    JsonInvalidEscape,
    /// A `\u` escape of a UTF-16 surrogate that is not half of a pair.
    JsonLoneSurrogate,
    /// A number outside RFC 8259's grammar: a leading zero, a missing digit.
    JsonInvalidNumber,
    /// Arrays and objects nested deeper than
    /// [`Limits::max_json_depth`](crate::Limits::max_json_depth).
    JsonTooDeep,
    /// A well-formed value of another type than the one asked for (a number
    /// where a string was read). Nothing was consumed: the value can still be
    /// skipped.
    JsonUnexpectedType,
    /// A reader call out of order (a value read where a member name is due),
    /// or any call after a syntax error: a bug in the caller, never the input.
    JsonOutOfOrder,
    // formats of the service's own
    /// A body that does not follow its format, reported by a
    /// [`TextFormat`](crate::bind::TextFormat) of the service's own (one
    /// of binder's formats reports a kind of its own).
    BodySyntax,
}

impl ErrorKind {
    /// Whether this is one of binder's bounds passed (a configurable
    /// [`Limits`](crate::Limits) value), rather than malformed input.
    ///
    /// ```
    /// use binder_core::ErrorKind;
    ///
    /// assert!(ErrorKind::TooManyPairs.is_limit());
    /// assert!(ErrorKind::JsonTooDeep.is_limit());
    /// assert!(!ErrorKind::JsonUnexpected.is_limit());
    /// ```
    pub const fn is_limit(self) -> bool {
        matches!(
            self,
            ErrorKind::TooManyPairs
                | ErrorKind::KeyTooLong
                | ErrorKind::PairTooLong
                | ErrorKind::TooManyCookies
                | ErrorKind::TooManyParts
                | ErrorKind::PartHeadersTooLong
                | ErrorKind::TooManyPartHeaders
                | ErrorKind::JsonTooDeep
        )
    }

    /// A short description, without any input bytes.
    ///
    /// ```
    /// use binder_core::{query, ErrorKind, Limits};
    ///
    /// let mut limits = Limits::DEFAULT;
    /// limits.max_key_len = 4;
    /// let err = query::pairs_with(b"password=hunter2", &limits).next().unwrap().unwrap_err();
    /// assert_eq!(err.kind().as_str(), "a key longer than the limit allows");
    /// assert_eq!(ErrorKind::JsonTrailing.as_str(), "bytes after the end of the JSON value");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::TooManyPairs => "more pairs than the limit allows",
            ErrorKind::KeyTooLong => "a key longer than the limit allows",
            ErrorKind::PairTooLong => "a pair longer than the buffer that reads it",
            ErrorKind::TooManyCookies => "more cookies than the limit allows",
            // multipart
            ErrorKind::NotFormData => "the content type is not multipart/form-data",
            ErrorKind::InvalidBoundary => "a missing, repeated or malformed multipart boundary",
            ErrorKind::UnexpectedEnd => "the multipart body ends before its close delimiter",
            ErrorKind::InvalidDelimiter => {
                "a multipart boundary not followed by a line break or `--`"
            }
            ErrorKind::PartHeaderSyntax => "a malformed multipart part header line",
            ErrorKind::DuplicatePartHeader => {
                "a repeated Content-Disposition or Content-Type header in a part"
            }
            ErrorKind::InvalidContentDisposition => {
                "a missing or malformed Content-Disposition header in a part"
            }
            ErrorKind::MissingPartName => "a multipart part without a name",
            ErrorKind::TooManyParts => "more multipart parts than the limit allows",
            ErrorKind::PartHeadersTooLong => "multipart part headers longer than the limit allows",
            ErrorKind::TooManyPartHeaders => "more multipart part headers than the limit allows",
            ErrorKind::JsonEof => "the JSON ends early",
            ErrorKind::JsonUnexpected => "a byte not allowed here in JSON",
            ErrorKind::JsonTrailing => "bytes after the end of the JSON value",
            ErrorKind::JsonInvalidUtf8 => "JSON that is not valid UTF-8",
            ErrorKind::JsonControlChar => "an unescaped control character in a JSON string",
            ErrorKind::JsonInvalidEscape => "an invalid escape in a JSON string",
            ErrorKind::JsonLoneSurrogate => "an unpaired surrogate escape in a JSON string",
            ErrorKind::JsonInvalidNumber => "an invalid JSON number",
            ErrorKind::JsonTooDeep => "JSON nested deeper than the limit allows",
            ErrorKind::JsonUnexpectedType => "a JSON value of another type than expected",
            ErrorKind::JsonOutOfOrder => "a JSON reader call out of order or after an error",
            ErrorKind::BodySyntax => "the body does not follow its format",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A field-level error: one value did not convert into its type.
///
/// ```
/// use binder_core::{convert::parse_text, ValueErrorKind};
///
/// let err = parse_text::<u8>(b"300").unwrap_err();
/// assert_eq!(err.kind(), ValueErrorKind::OutOfRange);
/// assert_eq!(err.to_string(), "out of range for the field's type");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ValueError {
    kind: ValueErrorKind,
}

impl fmt::Debug for ValueError {
    /// The kind, and the developer's hint if it has one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("ValueError");
        d.field("kind", &self.kind);
        if let Some(hint) = self.kind.hint() {
            d.field("hint", &hint);
        }
        d.finish()
    }
}

impl ValueError {
    /// A value error of `kind`.
    ///
    /// ```
    /// use binder_core::{ValueError, ValueErrorKind};
    ///
    /// let err = ValueError::new(ValueErrorKind::NotABool);
    /// assert_eq!(err, ValueErrorKind::NotABool.into());
    /// assert_eq!(err.to_string(), "expected true, false, 1, 0, on or off");
    /// ```
    #[inline]
    pub const fn new(kind: ValueErrorKind) -> Self {
        ValueError { kind }
    }

    /// A value error for a user type, described by a fixed message that must
    /// not contain the submitted value.
    ///
    /// ```
    /// use binder_core::convert::{FromText, Text};
    /// use binder_core::{ValueError, ValueErrorKind};
    ///
    /// /// An even number.
    /// struct Even(u32);
    ///
    /// impl<'a> FromText<'a> for Even {
    ///     fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
    ///         match u32::from_text(text)? {
    ///             n if n % 2 == 0 => Ok(Even(n)),
    ///             _ => Err(ValueError::custom("expected an even number")),
    ///         }
    ///     }
    /// }
    ///
    /// let err = binder_core::convert::parse_text::<Even>(b"7").err().unwrap();
    /// assert_eq!(err.kind(), ValueErrorKind::Custom("expected an even number"));
    /// assert_eq!(err.to_string(), "expected an even number"); // never the value
    /// assert_eq!(binder_core::convert::parse_text::<Even>(b"8").map(|e| e.0), Ok(8));
    /// ```
    #[inline]
    pub const fn custom(expected: &'static str) -> Self {
        ValueError {
            kind: ValueErrorKind::Custom(expected),
        }
    }

    /// A value that is none of the spellings `accepted`, which `expected`
    /// lists in words (and must not contain the submitted value).
    /// `#[derive(FromText)]` on an enum writes both.
    ///
    /// ```
    /// use binder_core::convert::{FromText, Text};
    /// use binder_core::{ValueError, ValueErrorKind};
    ///
    /// enum Sort { Asc, Desc }
    ///
    /// impl<'a> FromText<'a> for Sort {
    ///     fn from_text(text: Text<'a, '_>) -> Result<Self, ValueError> {
    ///         match &*text {
    ///             "asc" => Ok(Sort::Asc),
    ///             "desc" => Ok(Sort::Desc),
    ///             _ => Err(ValueError::not_one_of("expected one of: asc, desc", &["asc", "desc"])),
    ///         }
    ///     }
    /// }
    ///
    /// let err = binder_core::convert::parse_text::<Sort>(b"up").err().unwrap();
    /// assert_eq!(err.to_string(), "expected one of: asc, desc");
    /// assert!(matches!(err.kind(), ValueErrorKind::NotOneOf { accepted: ["asc", "desc"], .. }));
    /// ```
    #[inline]
    pub const fn not_one_of(expected: &'static str, accepted: &'static [&'static str]) -> Self {
        ValueError {
            kind: ValueErrorKind::NotOneOf { expected, accepted },
        }
    }

    /// What went wrong.
    #[inline]
    pub const fn kind(&self) -> ValueErrorKind {
        self.kind
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.as_str())
    }
}

impl core::error::Error for ValueError {}

impl From<ValueErrorKind> for ValueError {
    #[inline]
    fn from(kind: ValueErrorKind) -> Self {
        ValueError::new(kind)
    }
}

/// What a [`ValueError`] is about.
///
/// ```
/// use binder_core::convert::parse_text;
/// use binder_core::ValueErrorKind;
///
/// let kind = |r: Result<(), binder_core::ValueError>| r.unwrap_err().kind();
/// assert_eq!(kind(parse_text::<u8>(b"-1").map(drop)), ValueErrorKind::NotUnsigned);
/// assert_eq!(kind(parse_text::<i8>(b"1.5").map(drop)), ValueErrorKind::NotSigned);
/// assert_eq!(kind(parse_text::<u8>(b"256").map(drop)), ValueErrorKind::OutOfRange);
/// assert_eq!(kind(parse_text::<f64>(b"NaN").map(drop)), ValueErrorKind::NotAFloat);
/// assert_eq!(kind(parse_text::<bool>(b"yes").map(drop)), ValueErrorKind::NotABool);
/// assert_eq!(kind(parse_text::<char>(b"ab").map(drop)), ValueErrorKind::NotAChar);
/// assert_eq!(kind(parse_text::<&str>(b"\xff").map(drop)), ValueErrorKind::InvalidUtf8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValueErrorKind {
    /// The decoded bytes are not UTF-8. Never replaced with U+FFFD.
    InvalidUtf8,
    /// A borrowed `&str` field was sent a value that needs decoding (it holds
    /// `%` escapes, `+`, or JSON escapes). The client is told the value must
    /// come unescaped; the fix is in the code (see [`ValueErrorKind::hint`]):
    /// bind `Cow<str>` or `String`.
    NeedsDecoding,
    /// Not an unsigned integer.
    NotUnsigned,
    /// Not a signed integer.
    NotSigned,
    /// A number too large or too small for the field's type.
    OutOfRange,
    /// Not a finite floating-point number (`NaN` and infinities are refused).
    NotAFloat,
    /// Not one of `true`, `false`, `1`, `0`, `on`, `off`.
    NotABool,
    /// Not exactly one character.
    NotAChar,
    /// An escaped value too long to decode without allocating (only without
    /// the `alloc` feature), or longer than the scratch buffer a caller
    /// passed to decode it into (never truncated).
    TooLong,
    /// A file part was sent for a field that takes text.
    UnexpectedFile,
    /// A text value was sent for a field that takes a file.
    ExpectedFile,
    /// A text value was sent for a field that takes an object (a nested
    /// struct binds from a JSON object).
    ExpectedObject,
    /// A text value was sent for a field that takes an array (a tuple or
    /// a fixed-size array binds from a JSON array).
    ExpectedArray,
    /// A user type refused the value; the message says what it expected.
    Custom(&'static str),
    /// Not one of the spellings a type accepts (an enum's variants, from
    /// `#[derive(FromText)]`): `expected` says so in words, `accepted` lists
    /// them for a response that offers them (a form's `<select>`, say).
    NotOneOf {
        /// `expected one of: asc, desc`.
        expected: &'static str,
        /// `["asc", "desc"]`.
        accepted: &'static [&'static str],
    },
}

impl ValueErrorKind {
    /// A short description, without any input bytes.
    ///
    /// ```
    /// use binder_core::ValueErrorKind;
    ///
    /// assert_eq!(ValueErrorKind::OutOfRange.as_str(), "out of range for the field's type");
    /// assert_eq!(ValueErrorKind::Custom("a weekday").as_str(), "a weekday");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ValueErrorKind::InvalidUtf8 => "not valid UTF-8",
            ValueErrorKind::NeedsDecoding => {
                "expected the value unescaped (no percent-encoding, + or backslash escapes)"
            }
            ValueErrorKind::NotUnsigned => "expected an unsigned integer",
            ValueErrorKind::NotSigned => "expected an integer",
            ValueErrorKind::OutOfRange => "out of range for the field's type",
            ValueErrorKind::NotAFloat => "expected a finite number",
            ValueErrorKind::NotABool => "expected true, false, 1, 0, on or off",
            ValueErrorKind::NotAChar => "expected a single character",
            ValueErrorKind::TooLong => "too long to decode without allocating",
            ValueErrorKind::UnexpectedFile => "a file was sent where text was expected",
            ValueErrorKind::ExpectedFile => "expected an uploaded file",
            ValueErrorKind::ExpectedObject => "expected an object",
            ValueErrorKind::ExpectedArray => "expected an array",
            ValueErrorKind::Custom(expected) | ValueErrorKind::NotOneOf { expected, .. } => {
                expected
            }
        }
    }
}

impl ValueErrorKind {
    /// A hint for the developer, not the client, where the fix is in the
    /// code: [`ValueErrorKind::NeedsDecoding`] says a borrowed `&str` field
    /// cannot take an escaped value (bind `Cow<str>` or `String`). Shown by
    /// `Debug` on [`ValueError`], never in [`ValueErrorKind::as_str`].
    ///
    /// ```
    /// use binder_core::convert::{FromText, Raw};
    /// use binder_core::ValueErrorKind;
    ///
    /// // `a+b` needs decoding, which a borrowed `&str` cannot hold.
    /// let err = <&str>::from_raw(Raw::form(b"a+b")).unwrap_err();
    /// assert_eq!(err.kind(), ValueErrorKind::NeedsDecoding);
    /// assert!(err.kind().hint().unwrap().contains("bind Cow<str> or String"));
    /// assert!(format!("{err:?}").contains("hint")); // shown to the developer
    /// assert!(!err.to_string().contains("Cow")); // not to the client
    /// assert_eq!(ValueErrorKind::NotABool.hint(), None);
    /// ```
    pub const fn hint(self) -> Option<&'static str> {
        match self {
            ValueErrorKind::NeedsDecoding => Some(
                "a borrowed &str field cannot take a value that needs decoding; bind Cow<str> or String",
            ),
            ValueErrorKind::TooLong => {
                Some("without the alloc feature, escaped values decode into a fixed buffer")
            }
            _ => None,
        }
    }
}

impl fmt::Display for ValueErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
