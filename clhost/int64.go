package clhost

// WriteInt64 copies data to the start of b and waits for the copy.
func (c *Context) WriteInt64(b *Buffer, data []int64) error { return transfer(c, b, data, true) }

// ReadInt64 fills data from the start of b, waiting for earlier commands.
func (c *Context) ReadInt64(b *Buffer, data []int64) error { return transfer(c, b, data, false) }
