//! Ideal floor: urlencoded (to be written).
