package clhost

import (
	"errors"
	"unsafe"
)

// Done reports, without waiting, whether the event's command has
// completed; a command that failed is an error (its status). It does not
// flush the queue: a command the driver still holds is not complete.
func (e *Event) Done() (bool, error) {
	if e == nil {
		return false, errors.New("clhost: nil *Event")
	}
	if err := e.ctx.alive(kindEvent, e.ctx, e.h); err != nil {
		return false, err
	}
	var status int32
	if err := check("clGetEventInfo", cl.GetEventInfo(e.h, clEventExecutionStatus, 4, unsafe.Pointer(&status), nil)); err != nil {
		return false, err
	}
	if status < 0 { // the command failed; its code is the status
		return false, check("clGetEventInfo", status)
	}
	return status == clComplete, nil
}
