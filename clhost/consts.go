package clhost

// OpenCL enumerants used by this package (values from CL/cl.h, 1.2).
const (
	clTrue = 1

	clPlatformName = 0x0902

	clDeviceTypeCPU         = 1 << 1
	clDeviceTypeGPU         = 1 << 2
	clDeviceTypeAccelerator = 1 << 3
	clDeviceTypeAll         = 0xFFFFFFFF

	clDeviceType                 = 0x1000
	clDeviceMaxComputeUnits      = 0x1002
	clDeviceMaxWorkItemDims      = 0x1003
	clDeviceMaxWorkGroupSize     = 0x1004
	clDeviceMaxWorkItemSizes     = 0x1005
	clDeviceMaxMemAllocSize      = 0x1010
	clDeviceGlobalMemSize        = 0x101F
	clDeviceLocalMemSize         = 0x1023
	clDeviceName                 = 0x102B
	clDeviceVendor               = 0x102C
	clDriverVersion              = 0x102D
	clDeviceVersion              = 0x102F
	clDeviceExtensions           = 0x1030
	clDeviceDoubleFPConfig       = 0x1032
	clDeviceOpenCLCVersion       = 0x103D
	clContextPlatform            = 0x1084
	clQueueProfilingEnable       = 1 << 1
	clMemReadWrite               = 1 << 0
	clProgramNumDevices          = 0x1162
	clProgramBinarySizes         = 0x1165
	clProgramBinaries            = 0x1166
	clProgramBuildLog            = 0x1183
	clProfilingCommandStart      = 0x1282
	clProfilingCommandEnd        = 0x1283
	clEventExecutionStatus       = 0x11D3 // CL_EVENT_COMMAND_EXECUTION_STATUS
	clComplete                   = 0x0
	clMaxInfoBytes               = 1 << 24 // refuse absurd info sizes from a broken driver
	clMaxWorkDims                = 3
	clDeviceMaxWorkItemDimsLimit = 64
)
