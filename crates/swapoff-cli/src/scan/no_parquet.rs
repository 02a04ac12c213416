//! `scan --parquet` in a build without the `parquet` feature (for engine authors who want
//! the audit and not the Parquet writer's compile time): the flag is refused up front,
//! before anything is read, with how to get it.

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use std::convert::Infallible;
use std::fs::File;

/// Never made: [`ParquetRows::create`] refuses.
pub enum ParquetRows {}

impl ParquetRows {
    /// Refuses: this build writes no Parquet.
    pub fn create(_file: File, _schema: &SchemaRef) -> Result<ParquetRows, String> {
        Err("this seeswap was built without Parquet (the `parquet` feature, on by default)".into())
    }

    /// Unreachable: no value exists.
    pub fn write(&mut self, _batch: RecordBatch) -> Result<(), Infallible> {
        match *self {}
    }

    /// Unreachable: no value exists.
    pub fn close(self) -> Result<(), Infallible> {
        match self {}
    }
}
