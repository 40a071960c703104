//! Skipping a value, checked but not decoded, without recursion.

use super::{Reader, State};
use crate::error::Error;
#[cfg(doc)] // the methods' doc links
use crate::error::ErrorKind;

impl<'a> Reader<'a> {
    /// Skips the next value, checking all of it as strictly as reading it
    /// would (nesting depth included) but decoding nothing. It walks nested
    /// arrays and objects in a loop, never by recursion.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(br#"[{"a": [1, {"b": null}]}, "x"]"#);
    /// r.begin_array()?;
    /// r.next_element()?;
    /// r.skip_value()?;
    /// r.next_element()?;
    /// assert_eq!(r.read_str()?.as_str(), Some("x"));
    ///
    /// let mut bad = Reader::new(br#"{"a": [1, 2}"#);
    /// assert_eq!(bad.skip_value().unwrap_err().kind(), ErrorKind::JsonUnexpected);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// Any syntax error in the value, or [`ErrorKind::JsonTooDeep`]; as
    /// [`Reader::peek`].
    pub fn skip_value(&mut self) -> Result<(), Error> {
        if self.state != State::Value {
            return Err(self.out_of_order());
        }
        let base = self.depth;
        loop {
            // A value is due.
            let c = self.next_byte()?;
            match c {
                b'{' => {
                    self.push(true)?;
                    let c = self.next_byte()?;
                    if c != b'}' {
                        self.name(c)?;
                        continue;
                    }
                    self.close();
                }
                b'[' => {
                    self.push(false)?;
                    if self.next_byte()? != b']' {
                        continue;
                    }
                    self.close();
                }
                b'"' => {
                    self.scan_string()?;
                }
                b'-' | b'0'..=b'9' => {
                    self.scan_number(c)?;
                }
                b't' => self.literal(b"true")?,
                b'f' => self.literal(b"false")?,
                b'n' => self.literal(b"null")?,
                _ => return Err(self.unexpected(self.pos)),
            }
            // A value is complete: close what it completes, up to the next
            // value due.
            loop {
                if self.depth == base {
                    self.state = State::Next;
                    return Ok(());
                }
                let c = self.next_byte()?;
                let object = self.in_object();
                if c == b',' {
                    self.pos += 1;
                    if object {
                        let c = self.next_byte()?;
                        self.name(c)?;
                    }
                    break;
                }
                if c != if object { b'}' } else { b']' } {
                    return Err(self.unexpected(self.pos));
                }
                self.close();
            }
        }
    }

    /// Reads the next value, checked as [`Reader::skip_value`] checks it,
    /// and returns it as written: a slice of the input from its first byte
    /// to its last, without the whitespace around it.
    ///
    /// ```
    /// use binder_core::{json::Reader, ErrorKind};
    ///
    /// let mut r = Reader::new(br#"{"filter": { "tags": ["a", "b"] } , "n": 1}"#);
    /// let mut scratch = [0u8; 8];
    /// r.begin_object()?;
    /// r.next_member(&mut scratch)?;
    /// assert_eq!(r.read_raw()?, r#"{ "tags": ["a", "b"] }"#);
    /// r.next_member(&mut scratch)?;
    /// assert_eq!(r.read_raw()?, "1");
    ///
    /// let err = Reader::new(b" [1, 2 ").read_raw().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::JsonEof);
    /// # Ok::<(), binder_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Reader::skip_value`].
    #[inline]
    pub fn read_raw(&mut self) -> Result<&'a str, Error> {
        self.value_start()?;
        let start = self.pos;
        self.skip_value()?;
        // Both ends are where the scan stopped, between two characters.
        Ok(self.text.get(start..self.pos).unwrap_or_default())
    }

    /// Reads whatever is left of a value that started at depth `base`:
    /// the value due, if one is, then the rest of every container deeper
    /// than `base`, each checked as [`Reader::skip_value`] checks it. For a
    /// caller that stopped reading a value part way (a type that refused
    /// it): afterwards the reader stands where reading the whole value
    /// would have left it.
    #[cfg(feature = "serde")]
    pub(crate) fn skip_to_depth(&mut self, base: usize) -> Result<(), Error> {
        loop {
            match self.state {
                State::Failed => return Err(self.out_of_order()),
                State::Value => self.skip_value()?,
                State::First | State::Next if self.depth <= base => return Ok(()),
                State::First | State::Next => {
                    let more = if self.in_object() {
                        self.next_member(&mut [])?.is_some()
                    } else {
                        self.next_element()?
                    };
                    if more {
                        self.skip_value()?;
                    }
                }
            }
        }
    }
}
