//! A fixed-seed PRNG and the inputs it generates for binder-core's
//! differential tests: the same inputs on every run.

/// A small, fixed-seed PRNG (SplitMix64): the same inputs on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Bytes biased toward what matters to a urlencoded scanner: separators,
/// `%` with and without hex digits after it, `+`, `;`, high bytes, NUL.
pub fn urlencoded_bytes(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"&",
        b"=",
        b"%",
        b"+",
        b";",
        b"a",
        b"b",
        b"A",
        b"f",
        b"F",
        b"0",
        b"9",
        b"z",
        b"%2",
        b"%2B",
        b"%26",
        b"%3D",
        b"%25",
        b"%C3%A9",
        b"%E2%82%AC",
        b"%FF",
        b"%c3",
        b"\xff",
        b"\xc3\xa9",
        b"\xef\xbb\xbf",
        b"\0",
        b" ",
        b"%00",
        b"%zz",
        b"%4",
        b"1",
        b"36",
        b"-",
        b"e",
        b".5",
        b"%33",
        b"%2E",
        b"true",
        b"tru%65",
    ];
    let len = rng.below(max_len + 1);
    let mut out = Vec::with_capacity(len * 2);
    while out.len() < len {
        if rng.below(8) == 0 {
            out.push(rng.next_u64() as u8);
        } else {
            let piece: &[u8] = rng.pick(PIECES);
            out.extend_from_slice(piece);
        }
    }
    out
}

/// Text biased toward what matters to a cookie scanner: `;`, `=`, quotes,
/// every ASCII whitespace, control bytes, non-ASCII (Unicode spaces too).
pub fn cookie_text(rng: &mut Rng, max_len: usize) -> String {
    const PIECES: &[&str] = &[
        ";", "; ", "=", "\"", " ", "\t", "\n", "\r", "\x0b", "\x0c", "a", "b", "n", "v", "0",
        "__Host-", "session", "é", "€", "\u{a0}", "\u{3000}", "\0", "\x7f", "%20", "\\", ",",
    ];
    let len = rng.below(max_len + 1);
    let mut out = String::with_capacity(len * 2);
    while out.len() < len {
        let piece: &str = rng.pick(PIECES);
        out.push_str(piece);
    }
    out
}

/// Integers at the edges of every width, floats at the edges of `f32` and
/// `f64`, and near-numbers RFC 8259 refuses.
pub const JSON_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "127",
    "128",
    "-128",
    "-129",
    "255",
    "256",
    "32767",
    "32768",
    "-32768",
    "-32769",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "-18446744073709551616",
    "170141183460469231731687303715884105727",
    "170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105729",
    "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211456",
    "9007199254740993",
    "9007199254740992.5",
    "1e22",
    "1e23",
    "1e308",
    "1.7976931348623157e308",
    "1.7976931348623158e308",
    "1.7976931348623159e308",
    "1e309",
    "-1e309",
    "5e-324",
    "2e-324",
    "1e-400",
    "3.4028235e38",
    "3.4028236e38",
    "1e39",
    "1.17549435e-38",
    "1.0",
    "1e5",
    "1E+2",
    "1e-2",
    "0.1",
    "99.5",
    "-0.0",
    "0e400",
    "123.456e-7",
    "0.30000000000000004",
    // Refused by RFC 8259:
    "01",
    "-01",
    "00",
    "1.",
    ".5",
    "1e",
    "1e+",
    "-",
    "+1",
    "0x10",
    "2.e3",
    "NaN",
    "Infinity",
    "1.5.3",
];

/// Strings pieces: plain text, multi-byte UTF-8, every escape, surrogate
/// pairs and lone halves, and bytes a string may not hold.
const JSON_STRING_PIECES: &[&[u8]] = &[
    b"a",
    b"id",
    b"name",
    b" ",
    b"SKU-0001",
    "é".as_bytes(),
    "€".as_bytes(),
    "😀".as_bytes(),
    b"\x7f",
    br#"\""#,
    br"\\",
    br"\/",
    br"\b",
    br"\f",
    br"\n",
    br"\r",
    br"\t",
    br"\u0041",
    br"\u00e9",
    br"\u20AC",
    br"\u0000",
    br"\u001f",
    br"\ud83d\ude00",
    br"\uDBFF\uDFFF",
    br"\ud800",
    br"\udc00",
    br"\ud800\u0041",
    br"\ud800\n",
    br"\uD834\uDd1e",
    br"\x",
    br"\u12",
    br"\uzzzz",
    br"\'",
    b"\x00",
    b"\x1f",
    b"\t",
    b"\n",
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
];

/// Member names: short and long, repeated, and escaped ones that decode to
/// the same bytes as others (and some too long for a small scratch).
const JSON_NAMES: &[&[u8]] = &[
    b"a",
    b"b",
    b"id",
    b"sku",
    br"\u0061",
    br"i\u0064",
    b"",
    b"a long member name",
    br"a long \u0065scaped name",
    br"\ud83d\ude00",
    // The names of `json_oracle`'s derived `Members`, and near misses.
    b"age",
    br"ag\u0065",
    b"ag",
    b"agex",
    b"seven77",
    b"seven7",
    b"eight888",
    b"eight8888",
    "\u{e9}".as_bytes(),
    br"\u00e9",
    br#"q\""#,
    br"x\\",
    br"x\",
    br"t\t",
];

const JSON_WS: &[&[u8]] = &[b"", b"", b"", b" ", b"\n", b"\t", b"\r\n", b"  "];

fn json_ws(rng: &mut Rng, out: &mut Vec<u8>) {
    out.extend_from_slice(rng.pick(JSON_WS));
}

fn json_string(rng: &mut Rng, out: &mut Vec<u8>) {
    out.push(b'"');
    for _ in 0..rng.below(6) {
        // Mostly valid pieces: the first 24 are.
        let piece = if rng.below(12) == 0 {
            rng.pick(JSON_STRING_PIECES)
        } else {
            JSON_STRING_PIECES[rng.below(24)]
        };
        out.extend_from_slice(piece);
    }
    out.push(b'"');
}

fn json_number(rng: &mut Rng, out: &mut Vec<u8>) {
    if rng.below(2) == 0 {
        // Valid edges mostly, sometimes a refused near-number.
        let n = if rng.below(10) == 0 {
            rng.pick(JSON_NUMBERS)
        } else {
            JSON_NUMBERS[rng.below(JSON_NUMBERS.len() - 14)]
        };
        out.extend_from_slice(n.as_bytes());
        return;
    }
    if rng.below(3) == 0 {
        out.push(b'-');
    }
    let most = if rng.below(8) == 0 { 40 } else { 6 };
    let digits = 1 + rng.below(most);
    for k in 0..digits {
        let d = if k == 0 && digits > 1 {
            1 + rng.below(9)
        } else {
            rng.below(10)
        };
        out.push(b'0' + d as u8);
    }
    if rng.below(3) == 0 {
        out.push(b'.');
        for _ in 0..1 + rng.below(25) {
            out.push(b'0' + rng.below(10) as u8);
        }
    }
    if rng.below(4) == 0 {
        out.push(*rng.pick(&[&b'e', &b'E']));
        match rng.below(3) {
            0 => out.push(b'-'),
            1 => out.push(b'+'),
            _ => {}
        }
        for _ in 0..1 + rng.below(3) {
            out.push(b'0' + rng.below(10) as u8);
        }
    }
}

fn json_value(rng: &mut Rng, out: &mut Vec<u8>, depth: usize) {
    json_ws(rng, out);
    let kinds = if depth < 5 { 8 } else { 5 };
    match rng.below(kinds) {
        0 => json_string(rng, out),
        1 | 2 => json_number(rng, out),
        3 => out.extend_from_slice(rng.pick(&[&b"true"[..], b"false", b"null"])),
        4 => json_string(rng, out),
        5 => {
            out.push(b'[');
            let n = rng.below(5);
            for k in 0..n {
                if k > 0 {
                    out.push(b',');
                }
                json_value(rng, out, depth + 1);
            }
            json_ws(rng, out);
            out.push(b']');
        }
        _ => {
            out.push(b'{');
            let n = rng.below(5);
            for k in 0..n {
                if k > 0 {
                    out.push(b',');
                }
                json_ws(rng, out);
                out.push(b'"');
                out.extend_from_slice(rng.pick(JSON_NAMES));
                out.push(b'"');
                json_ws(rng, out);
                out.push(b':');
                json_value(rng, out, depth + 1);
            }
            json_ws(rng, out);
            out.push(b'}');
        }
    }
    json_ws(rng, out);
}

/// Nesting around `limit` levels, of arrays and objects mixed.
fn json_deep(rng: &mut Rng, out: &mut Vec<u8>, limit: usize) {
    let depth = limit - 3 + rng.below(7);
    let mut closers = Vec::with_capacity(depth);
    for _ in 0..depth {
        if rng.below(2) == 0 {
            out.push(b'[');
            closers.push(b']');
        } else {
            out.extend_from_slice(br#"{"a":"#);
            closers.push(b'}');
        }
    }
    json_value(rng, out, 5);
    while let Some(c) = closers.pop() {
        out.push(c);
    }
}

/// A JSON document biased toward what a strict reader must get right:
/// escapes and surrogates, numbers at every width's edge, nesting around
/// `depth_limit`; one in three is then damaged (a byte inserted, removed or
/// replaced, or the end cut off).
pub fn json_doc(rng: &mut Rng, depth_limit: usize) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.below(25) == 0 {
        json_deep(rng, &mut out, depth_limit);
    } else {
        json_value(rng, &mut out, 0);
    }
    if rng.below(3) == 0 && !out.is_empty() {
        const DAMAGE: &[&[u8]] = &[
            b",",
            b"]",
            b"}",
            b"[",
            b"{",
            b":",
            b"\"",
            b"\\",
            b"0",
            b"-",
            b".",
            b"e",
            b" ",
            b"\x0c",
            b"\x00",
            b"\xff",
            b"\xef\xbb\xbf",
            b"/",
            b"x",
        ];
        let at = rng.below(out.len() + 1);
        match rng.below(4) {
            0 => {
                let piece: &[u8] = rng.pick(DAMAGE);
                out.splice(at..at, piece.iter().copied());
            }
            1 if at < out.len() => {
                out.remove(at);
            }
            2 if at < out.len() => out[at] = rng.next_u64() as u8,
            _ => out.truncate(at),
        }
    }
    out
}

/// A JSON number for the float conversions' differential checks
/// (`json_oracle::check_number_text`): 1 to 25 digits with a point
/// anywhere, an exponent that is often absent, small, or near the edges of
/// `f64` and `f32` (overflow, the smallest normals and subnormals); or an
/// exact halfway point between two adjacent `f64`s or `f32`s, or one unit
/// of its last digit off it.
pub fn decimal(rng: &mut Rng) -> String {
    let mut out = String::new();
    if rng.below(2) == 0 {
        out.push('-');
    }
    if rng.below(4) == 0 {
        halfway(rng, &mut out);
        return out;
    }
    let digits = 1 + rng.below(25);
    let point = rng.below(digits + 1);
    for k in 0..digits {
        if k == point && k > 0 {
            out.push('.');
        }
        let d = if k == 0 && digits > 1 {
            1 + rng.below(9)
        } else {
            rng.below(10)
        };
        out.push(char::from(b'0' + d as u8));
    }
    let edge = [
        0i32, -1, 1, -20, 20, -45, -38, 38, 39, -307, -308, -323, -324, -325, 308, 309,
    ];
    let exp = match rng.below(6) {
        0 | 1 => None,
        2 => Some(rng.below(61) as i32 - 30),
        3 => Some(rng.below(801) as i32 - 400),
        _ => Some(rng.pick(&edge) - (digits - point) as i32 + rng.below(5) as i32 - 2),
    };
    if let Some(e) = exp {
        out.push(rng.pick(&['e', 'E']));
        if e >= 0 && rng.below(2) == 0 {
            out.push('+');
        }
        out.push_str(&e.to_string());
    }
    out
}

/// `(2k + 1) * 2^s`, the point halfway between two adjacent floats (`k`
/// a significand of `f64` or `f32`), written out exactly in decimal, or
/// with one unit of its last digit added or taken away.
fn halfway(rng: &mut Rng, out: &mut String) {
    let bits = if rng.below(2) == 0 { 53 } else { 24 };
    let k = (1u128 << (bits - 1)) | (u128::from(rng.next_u64()) & ((1 << (bits - 1)) - 1));
    let s = rng.below(31) as i32 - 20;
    let odd = 2 * k + 1;
    // (2k + 1) * 2^s = (2k + 1) * 5^-s / 10^-s for a negative `s`.
    let (mut int, places) = if s >= 0 {
        (odd << s, 0)
    } else {
        (odd * 5u128.pow(s.unsigned_abs()), s.unsigned_abs() as usize)
    };
    match rng.below(4) {
        0 => int += 1,
        1 => int -= 1,
        _ => {}
    }
    let text = int.to_string();
    if places == 0 {
        out.push_str(&text);
    } else if places >= text.len() {
        out.push_str("0.");
        out.push_str(&"0".repeat(places - text.len()));
        out.push_str(&text);
    } else {
        out.push_str(&text[..text.len() - places]);
        out.push('.');
        out.push_str(&text[text.len() - places..]);
    }
}

/// `body`'s bytes with `f` deciding, for each byte outside JSON strings,
/// what is written for it (strings are tracked by their quotes and
/// backslash escapes, so a malformed body is cut consistently too).
fn outside_json_strings(body: &[u8], mut f: impl FnMut(u8, &mut Vec<u8>)) -> Vec<u8> {
    let (mut out, mut string, mut escape) = (Vec::with_capacity(body.len() * 2), false, false);
    for &c in body {
        if string {
            out.push(c);
            match (escape, c) {
                (true, _) => escape = false,
                (false, b'\\') => escape = true,
                (false, b'"') => string = false,
                _ => {}
            }
        } else {
            string = c == b'"';
            f(c, &mut out);
        }
    }
    out
}

/// `body` with a space after each `{` and `,` outside strings: a JSON
/// layout no expected-member compare of the reader takes (it stops
/// expecting at whitespace), so the general member walk reads it all.
pub fn json_spaced(body: &[u8]) -> Vec<u8> {
    outside_json_strings(body, |c, out| {
        out.push(c);
        if c == b'{' || c == b',' {
            out.push(b' ');
        }
    })
}

/// `body` without whitespace outside strings: JSON as serializers write
/// it compactly.
pub fn json_compact(body: &[u8]) -> Vec<u8> {
    outside_json_strings(body, |c, out| {
        if !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            out.push(c);
        }
    })
}
