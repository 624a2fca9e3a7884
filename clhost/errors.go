package clhost

import (
	"errors"
	"fmt"
	"strings"
)

// OpenCL error codes (CL/cl.h 1.2 and common extension codes), for IsCode.
const (
	CodeSuccess                         int32 = 0
	CodeDeviceNotFound                  int32 = -1
	CodeDeviceNotAvailable              int32 = -2
	CodeCompilerNotAvailable            int32 = -3
	CodeMemObjectAllocationFailure      int32 = -4
	CodeOutOfResources                  int32 = -5
	CodeOutOfHostMemory                 int32 = -6
	CodeProfilingInfoNotAvailable       int32 = -7
	CodeMemCopyOverlap                  int32 = -8
	CodeImageFormatMismatch             int32 = -9
	CodeImageFormatNotSupported         int32 = -10
	CodeBuildProgramFailure             int32 = -11
	CodeMapFailure                      int32 = -12
	CodeMisalignedSubBufferOffset       int32 = -13
	CodeExecStatusErrorForEventsInWait  int32 = -14
	CodeCompileProgramFailure           int32 = -15
	CodeLinkerNotAvailable              int32 = -16
	CodeLinkProgramFailure              int32 = -17
	CodeDevicePartitionFailed           int32 = -18
	CodeKernelArgInfoNotAvailable       int32 = -19
	CodeInvalidValue                    int32 = -30
	CodeInvalidDeviceType               int32 = -31
	CodeInvalidPlatform                 int32 = -32
	CodeInvalidDevice                   int32 = -33
	CodeInvalidContext                  int32 = -34
	CodeInvalidQueueProperties          int32 = -35
	CodeInvalidCommandQueue             int32 = -36
	CodeInvalidHostPtr                  int32 = -37
	CodeInvalidMemObject                int32 = -38
	CodeInvalidImageFormatDescriptor    int32 = -39
	CodeInvalidImageSize                int32 = -40
	CodeInvalidSampler                  int32 = -41
	CodeInvalidBinary                   int32 = -42
	CodeInvalidBuildOptions             int32 = -43
	CodeInvalidProgram                  int32 = -44
	CodeInvalidProgramExecutable        int32 = -45
	CodeInvalidKernelName               int32 = -46
	CodeInvalidKernelDefinition         int32 = -47
	CodeInvalidKernel                   int32 = -48
	CodeInvalidArgIndex                 int32 = -49
	CodeInvalidArgValue                 int32 = -50
	CodeInvalidArgSize                  int32 = -51
	CodeInvalidKernelArgs               int32 = -52
	CodeInvalidWorkDimension            int32 = -53
	CodeInvalidWorkGroupSize            int32 = -54
	CodeInvalidWorkItemSize             int32 = -55
	CodeInvalidGlobalOffset             int32 = -56
	CodeInvalidEventWaitList            int32 = -57
	CodeInvalidEvent                    int32 = -58
	CodeInvalidOperation                int32 = -59
	CodeInvalidGLObject                 int32 = -60
	CodeInvalidBufferSize               int32 = -61
	CodeInvalidMipLevel                 int32 = -62
	CodeInvalidGlobalWorkSize           int32 = -63
	CodeInvalidProperty                 int32 = -64
	CodeInvalidImageDescriptor          int32 = -65
	CodeInvalidCompilerOptions          int32 = -66
	CodeInvalidLinkerOptions            int32 = -67
	CodeInvalidDevicePartitionCount     int32 = -68
	CodeInvalidPipeSize                 int32 = -69
	CodeInvalidDeviceQueue              int32 = -70
	CodeInvalidSpecID                   int32 = -71
	CodeMaxSizeRestrictionExceeded      int32 = -72
	CodeInvalidGLSharegroupReferenceKHR int32 = -1000
	CodePlatformNotFoundKHR             int32 = -1001
)

// codeNames maps OpenCL error codes to their C names.
var codeNames = map[int32]string{
	0:     "CL_SUCCESS",
	-1:    "CL_DEVICE_NOT_FOUND",
	-2:    "CL_DEVICE_NOT_AVAILABLE",
	-3:    "CL_COMPILER_NOT_AVAILABLE",
	-4:    "CL_MEM_OBJECT_ALLOCATION_FAILURE",
	-5:    "CL_OUT_OF_RESOURCES",
	-6:    "CL_OUT_OF_HOST_MEMORY",
	-7:    "CL_PROFILING_INFO_NOT_AVAILABLE",
	-8:    "CL_MEM_COPY_OVERLAP",
	-9:    "CL_IMAGE_FORMAT_MISMATCH",
	-10:   "CL_IMAGE_FORMAT_NOT_SUPPORTED",
	-11:   "CL_BUILD_PROGRAM_FAILURE",
	-12:   "CL_MAP_FAILURE",
	-13:   "CL_MISALIGNED_SUB_BUFFER_OFFSET",
	-14:   "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
	-15:   "CL_COMPILE_PROGRAM_FAILURE",
	-16:   "CL_LINKER_NOT_AVAILABLE",
	-17:   "CL_LINK_PROGRAM_FAILURE",
	-18:   "CL_DEVICE_PARTITION_FAILED",
	-19:   "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
	-30:   "CL_INVALID_VALUE",
	-31:   "CL_INVALID_DEVICE_TYPE",
	-32:   "CL_INVALID_PLATFORM",
	-33:   "CL_INVALID_DEVICE",
	-34:   "CL_INVALID_CONTEXT",
	-35:   "CL_INVALID_QUEUE_PROPERTIES",
	-36:   "CL_INVALID_COMMAND_QUEUE",
	-37:   "CL_INVALID_HOST_PTR",
	-38:   "CL_INVALID_MEM_OBJECT",
	-39:   "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
	-40:   "CL_INVALID_IMAGE_SIZE",
	-41:   "CL_INVALID_SAMPLER",
	-42:   "CL_INVALID_BINARY",
	-43:   "CL_INVALID_BUILD_OPTIONS",
	-44:   "CL_INVALID_PROGRAM",
	-45:   "CL_INVALID_PROGRAM_EXECUTABLE",
	-46:   "CL_INVALID_KERNEL_NAME",
	-47:   "CL_INVALID_KERNEL_DEFINITION",
	-48:   "CL_INVALID_KERNEL",
	-49:   "CL_INVALID_ARG_INDEX",
	-50:   "CL_INVALID_ARG_VALUE",
	-51:   "CL_INVALID_ARG_SIZE",
	-52:   "CL_INVALID_KERNEL_ARGS",
	-53:   "CL_INVALID_WORK_DIMENSION",
	-54:   "CL_INVALID_WORK_GROUP_SIZE",
	-55:   "CL_INVALID_WORK_ITEM_SIZE",
	-56:   "CL_INVALID_GLOBAL_OFFSET",
	-57:   "CL_INVALID_EVENT_WAIT_LIST",
	-58:   "CL_INVALID_EVENT",
	-59:   "CL_INVALID_OPERATION",
	-60:   "CL_INVALID_GL_OBJECT",
	-61:   "CL_INVALID_BUFFER_SIZE",
	-62:   "CL_INVALID_MIP_LEVEL",
	-63:   "CL_INVALID_GLOBAL_WORK_SIZE",
	-64:   "CL_INVALID_PROPERTY",
	-65:   "CL_INVALID_IMAGE_DESCRIPTOR",
	-66:   "CL_INVALID_COMPILER_OPTIONS",
	-67:   "CL_INVALID_LINKER_OPTIONS",
	-68:   "CL_INVALID_DEVICE_PARTITION_COUNT",
	-69:   "CL_INVALID_PIPE_SIZE",
	-70:   "CL_INVALID_DEVICE_QUEUE",
	-71:   "CL_INVALID_SPEC_ID",
	-72:   "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
	-1000: "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR",
	-1001: "CL_PLATFORM_NOT_FOUND_KHR",
	-1002: "CL_INVALID_D3D10_DEVICE_KHR",
	-1003: "CL_INVALID_D3D10_RESOURCE_KHR",
	-1004: "CL_D3D10_RESOURCE_ALREADY_ACQUIRED_KHR",
	-1005: "CL_D3D10_RESOURCE_NOT_ACQUIRED_KHR",
	-1006: "CL_INVALID_D3D11_DEVICE_KHR",
	-1007: "CL_INVALID_D3D11_RESOURCE_KHR",
	-1008: "CL_D3D11_RESOURCE_ALREADY_ACQUIRED_KHR",
	-1009: "CL_D3D11_RESOURCE_NOT_ACQUIRED_KHR",
	-1010: "CL_INVALID_DX9_MEDIA_ADAPTER_KHR",
	-1011: "CL_INVALID_DX9_MEDIA_SURFACE_KHR",
	-1012: "CL_DX9_MEDIA_SURFACE_ALREADY_ACQUIRED_KHR",
	-1013: "CL_DX9_MEDIA_SURFACE_NOT_ACQUIRED_KHR",
	-1057: "CL_DEVICE_PARTITION_FAILED_EXT",
	-1058: "CL_INVALID_PARTITION_COUNT_EXT",
	-1059: "CL_INVALID_PARTITION_NAME_EXT",
	-1092: "CL_EGL_RESOURCE_NOT_ACQUIRED_KHR",
	-1093: "CL_INVALID_EGL_OBJECT_KHR",
}

// CodeName returns the C name and number of an OpenCL error code, for
// example "CL_INVALID_WORK_GROUP_SIZE (-54)"; unknown codes read
// "unknown OpenCL error (-1234)".
func CodeName(code int32) string {
	if n, ok := codeNames[code]; ok {
		return fmt.Sprintf("%s (%d)", n, code)
	}
	return fmt.Sprintf("unknown OpenCL error (%d)", code)
}

// Error is an OpenCL error code returned by the OpenCL call named in Op.
type Error struct {
	Op   string // the OpenCL API call, e.g. "clEnqueueNDRangeKernel"
	Code int32  // the cl_int error code, e.g. -54
}

// Error returns "Op: NAME (code)", e.g.
// "clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE (-54)".
func (e *Error) Error() string {
	if e.Op == "" {
		return CodeName(e.Code)
	}
	return e.Op + ": " + CodeName(e.Code)
}

// IsCode reports whether err (or an error it wraps) is an *Error with the
// given OpenCL error code.
func IsCode(err error, code int32) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// check turns a cl_int status into nil or an *Error naming op.
func check(op string, code int32) error {
	if code == 0 {
		return nil
	}
	return &Error{Op: op, Code: code}
}

// BuildError is returned by BuildProgram when the OpenCL compiler rejects
// the source. It carries the device, the build options and the full build
// log, and unwraps to the *Error of the failing call (usually
// CL_BUILD_PROGRAM_FAILURE).
type BuildError struct {
	Device  string // device name
	Options string // build options passed to clBuildProgram
	Log     string // the compiler's build log
	Err     error  // the underlying *Error
}

// Error describes the failure and includes the whole build log.
func (e *BuildError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "OpenCL program build failed on %s with options %q: %v", e.Device, e.Options, e.Err)
	log := strings.TrimSpace(e.Log)
	if log == "" {
		log = "(the compiler produced no build log)"
	}
	b.WriteString("\nbuild log:\n")
	b.WriteString(log)
	return b.String()
}

// Unwrap returns the underlying *Error.
func (e *BuildError) Unwrap() error { return e.Err }
