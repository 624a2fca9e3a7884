package clhost

import "sync/atomic"

// hostWaits counts the calls that block the host until a device has done
// something (see HostWaits).
var hostWaits atomic.Int64

// HostWaits returns how many calls so far, in every context, blocked the
// host until a device had done something: Finish, Event.Wait, blocking
// reads and writes, NewPinned's map and Pinned.Close. Tests count them
// per step to keep them off the critical path (runner's slabs).
func HostWaits() int64 { return hostWaits.Load() }
