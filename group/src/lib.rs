//! The edwards25519 group (placeholder until the group crate lands).
#![no_std]
#![forbid(unsafe_code)]
#![allow(dead_code)]

mod models;
