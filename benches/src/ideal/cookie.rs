//! Ideal floor: cookie (to be written).
