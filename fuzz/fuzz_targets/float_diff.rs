//! Any bytes made into a JSON number (a sign, 1 to 40 digits with a point
//! anywhere, an optional exponent up to +-1023, biased toward the floats'
//! edges): read by the reader and converted, and converted as text, into
//! `f32` and `f64` bit for bit as `str::parse` does (correctly rounded),
//! and into every integer width as `str::parse` does
//! (`json_oracle::check_number_text`, the check of `core/tests/float_diff.rs`).
#![no_main]

use binder_test_support::json_oracle::check_number_text;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let [flags, e_hi, e_lo, point, digits @ ..] = data else {
        return;
    };
    let digits: Vec<u8> = digits.iter().take(40).map(|d| b'0' + d % 10).collect();
    let point = usize::from(*point) % (digits.len() + 1);
    if digits.is_empty() || (digits[0] == b'0' && digits.len() > 1 && point != 1) {
        // A leading zero must stand alone before the point.
        return;
    }
    let mut text = String::new();
    if flags & 1 != 0 {
        text.push('-');
    }
    for (i, &d) in digits.iter().enumerate() {
        if i == point && i > 0 {
            text.push('.');
        }
        text.push(char::from(d));
    }
    if flags & 2 != 0 {
        let magnitude = (u16::from(*e_hi) << 8 | u16::from(*e_lo)) % 1024;
        // Often near the edges: 10^-324, 10^-45, 10^38, 10^308.
        let exp = match flags >> 4 {
            0 => i32::from(magnitude % 8) - 324,
            1 => i32::from(magnitude % 8) - 45,
            2 => i32::from(magnitude % 8) + 36,
            3 => i32::from(magnitude % 8) + 306,
            _ => i32::from(magnitude),
        };
        let exp = if flags & 4 != 0 { -exp } else { exp };
        text.push(if flags & 8 != 0 { 'E' } else { 'e' });
        text.push_str(&exp.to_string());
    }
    check_number_text(&text);
});
