//! `scan --parquet`: the rows as Parquet row groups, each encoded on every core.
//!
//! arrow-rs's `ArrowWriter` encodes a row group's columns one after another on the
//! calling thread, which kept `--parquet` near one core. Here the record batches of a row
//! group are collected, then each column chunk is encoded on its own rayon task (the
//! writer's documented way to write columns in parallel), and the chunks are appended in
//! order. The file is the one `ArrowWriter` would write: same schema, properties and
//! row groups.

use arrow_array::RecordBatch;
use arrow_schema::{DataType, SchemaRef};
use parquet::arrow::arrow_writer::{compute_leaves, ArrowColumnChunk, ArrowRowGroupWriterFactory};
use parquet::arrow::ArrowWriter;
use parquet::errors::ParquetError;
use parquet::file::writer::SerializedFileWriter;
use rayon::prelude::*;
use std::fs::File;

/// Rows per Parquet row group: the writer holds one group in memory at most.
const ROW_GROUP_ROWS: usize = 1 << 16;

/// How many Parquet leaf columns (and so column writers) an Arrow type makes: one per
/// primitive, nested types through their children. Read from the schema, so that no
/// batch's levels are computed twice.
fn leaf_count(kind: &DataType) -> usize {
    match kind {
        DataType::Struct(fields) => fields.iter().map(|f| leaf_count(f.data_type())).sum(),
        DataType::List(item)
        | DataType::LargeList(item)
        | DataType::FixedSizeList(item, _)
        | DataType::Map(item, _) => leaf_count(item.data_type()),
        _ => 1,
    }
}

/// A Parquet file being written, a row group at a time.
pub struct ParquetRows {
    writer: SerializedFileWriter<File>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// The batches of the row group not yet written, and their rows.
    pending: Vec<RecordBatch>,
    rows: usize,
    groups: usize,
}

impl ParquetRows {
    /// Rows of `schema` written to `file` (Snappy-compressed row groups).
    pub fn create(file: File, schema: &SchemaRef) -> Result<ParquetRows, String> {
        let props = parquet::file::properties::WriterProperties::builder()
            .set_compression(parquet::basic::Compression::SNAPPY)
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .build();
        let (writer, factory) = ArrowWriter::try_new(file, SchemaRef::clone(schema), Some(props))
            .and_then(ArrowWriter::into_serialized_writer)
            .map_err(why)?;
        Ok(ParquetRows {
            writer,
            factory,
            schema: SchemaRef::clone(schema),
            pending: Vec::new(),
            rows: 0,
            groups: 0,
        })
    }

    /// Adds rows; a full row group is encoded (in parallel on the current rayon pool) and
    /// written. Every row group but the last holds exactly [`ROW_GROUP_ROWS`] rows, however
    /// the rows came in batches, so that the file is the same bytes whatever the threads
    /// and the units of work.
    pub fn write(&mut self, mut batch: RecordBatch) -> Result<(), String> {
        while batch.num_rows() > 0 {
            let taken = (ROW_GROUP_ROWS - self.rows).min(batch.num_rows());
            let rest = batch.slice(taken, batch.num_rows() - taken);
            self.pending.push(batch.slice(0, taken));
            batch = rest;
            self.rows += taken;
            if self.rows == ROW_GROUP_ROWS {
                self.flush().map_err(why)?;
            }
        }
        Ok(())
    }

    /// Writes the rows held as one row group.
    fn flush(&mut self) -> Result<(), ParquetError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let batches = std::mem::take(&mut self.pending);
        self.rows = 0;
        // One batch a row group: the encoder cuts pages by its write calls, so a row group
        // written as the batches came would be laid out by the units of work (which differ
        // with the threads), not by its rows alone.
        let batch = arrow_select::concat::concat_batches(&self.schema, &batches)
            .map_err(|e| ParquetError::External(Box::new(e)))?;
        let writers = self.factory.create_column_writers(self.groups)?;
        self.groups += 1;
        // Which leaf writers belong to which field: a list of structs has several leaves.
        let mut by_field = Vec::with_capacity(self.schema.fields().len());
        let mut writers = writers.into_iter();
        for (i, field) in self.schema.fields().iter().enumerate() {
            let leaves = leaf_count(field.data_type());
            by_field.push((i, writers.by_ref().take(leaves).collect::<Vec<_>>()));
        }
        let chunks: Vec<Vec<ArrowColumnChunk>> = by_field
            .into_par_iter()
            .map(|(i, mut writers)| {
                let field = &self.schema.fields()[i];
                for (writer, leaf) in writers
                    .iter_mut()
                    .zip(compute_leaves(field, batch.column(i))?)
                {
                    writer.write(&leaf)?;
                }
                writers.into_iter().map(|w| w.close()).collect()
            })
            .collect::<Result<_, ParquetError>>()?;
        let mut group = self.writer.next_row_group()?;
        for chunk in chunks.into_iter().flatten() {
            chunk.append_to_row_group(&mut group)?;
        }
        group.close()?;
        Ok(())
    }

    /// Writes the last row group and the file's footer.
    pub fn close(mut self) -> Result<(), String> {
        self.flush().map_err(why)?;
        self.writer.close().map(drop).map_err(why)
    }
}

/// Why a write failed, in words: a file's error as itself (`No space left on device`), not
/// as the Parquet crate's `External: No space left on device`.
fn why(e: ParquetError) -> String {
    match e {
        ParquetError::External(inner) => inner.to_string(),
        e => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::builder::{Int32Builder, ListBuilder, StringBuilder};
    use arrow_array::ArrayRef;
    use std::sync::Arc;

    /// Rows with a plain, a nullable text and a list column (several leaves' worth).
    fn batch(from: i32, rows: i32) -> RecordBatch {
        let mut n = Int32Builder::new();
        let mut text = StringBuilder::new();
        let mut list = ListBuilder::new(Int32Builder::new());
        for i in from..from + rows {
            n.append_value(i);
            text.append_option((i % 3 != 0).then(|| format!("r{i}")));
            for j in 0..i % 4 {
                list.values().append_value(j);
            }
            list.append(i % 5 != 0);
        }
        let columns: Vec<(&str, ArrayRef)> = vec![
            ("n", Arc::new(n.finish())),
            ("text", Arc::new(text.finish())),
            ("list", Arc::new(list.finish())),
        ];
        RecordBatch::try_from_iter(columns).unwrap()
    }

    #[test]
    fn row_groups_encoded_in_parallel_read_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rows.parquet");
        let batches: Vec<RecordBatch> = (0..5).map(|k| batch(k * 30_000, 30_000)).collect();
        let schema = batches[0].schema();
        let file = File::create(&path).unwrap();
        let mut rows = ParquetRows::create(file, &schema).unwrap();
        for b in &batches {
            rows.write(b.clone()).unwrap();
        }
        rows.close().unwrap();
        let file = File::open(&path).unwrap();
        let reader =
            parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
        // 150,000 rows in batches of 30,000: groups of exactly 65,536 rows, then the rest
        // (the batches are cut where a group fills).
        let groups: Vec<i64> = (0..reader.metadata().num_row_groups())
            .map(|g| reader.metadata().row_group(g).num_rows())
            .collect();
        assert_eq!(groups, [65_536, 65_536, 18_928]);
        let read: Vec<RecordBatch> = reader.build().unwrap().map(Result::unwrap).collect();
        let want = arrow_select::concat::concat_batches(&schema, &batches).unwrap();
        let got = arrow_select::concat::concat_batches(&read[0].schema(), &read).unwrap();
        assert_eq!(got.num_rows(), 150_000);
        for i in 0..3 {
            assert_eq!(
                got.column(i).as_ref(),
                want.column(i).as_ref(),
                "column {i}"
            );
        }
    }
}
