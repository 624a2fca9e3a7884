! forocl_cl: the Fortran host runtime of forocl. Standard Fortran 2008 with
! ISO_C_BINDING; it binds the OpenCL library (libOpenCL, the ICD loader) and,
! for the program cache, a few POSIX calls of the C library (mkdir, rename,
! link, unlink, chmod, getpid) through bind(C) interfaces. No C or Go runs
! in a program that uses it. Build (modules before the program using them):
!
!   forocl build wave.f90 -o gen --fortran        # writes gen/wave_cl.f90
!   gfortran fortran/forocl_cl.f90 gen/wave_cl.f90 app.f90 -lOpenCL
!
! What it gives (everything public starts with forocl_):
!
!   forocl_init([device], [stat], [errmsg])
!       Selects the device and creates the context and queue. device (or,
!       when absent or blank, the environment variable FOROCL_DEVICE) is
!       either a platform:device index such as "0:1" or a case-insensitive
!       substring of the platform name, device name, vendor, type (GPU,
!       CPU) and OpenCL version; the first match wins. With neither, the
!       first GPU, else the first device. These are the rules of forocl's
!       --device flag (clhost.Select). Calling a kernel or creating an
!       array initialises with the defaults if forocl_init was not called.
!   forocl_device_name(), forocl_device_index()
!       The selected device's name and "P:D" index.
!   type(forocl_array)
!       A device array: an OpenCL buffer with a kind (forocl_real4,
!       forocl_real8, forocl_int, forocl_int8) and a shape of rank 1 to 3.
!       Its lower bounds are those of no host array: copies go element by
!       element in array element order, whatever the host array's bounds.
!   forocl_create(a, x) / forocl_write(a, x) / forocl_read(a, x)
!       Create a device array from host array x (real(4), real(8), default
!       integer or integer(int64), rank 1-3, any lower bounds), copy x
!       into an existing one, copy one back into x. write and read need the same
!       kind and shape and say which shapes differ otherwise.
!   forocl_read_start(a, x)
!       forocl_read into a rank-1 target array x without waiting: x holds
!       the values once a later forocl_read or forocl_finish returns.
!   forocl_alloc(a, kind, shape) / forocl_free(a)
!       A zero-filled device array without a host copy; release one.
!   forocl_finish()      Waits for everything enqueued (for timing); in
!       resident mode, then copies back what the device wrote and frees
!       the resident copies; with FOROCL_PROFILE=1, prints the profile.
!   forocl_port_enter(a, x, access, proc, name), forocl_port_exit(a, x,
!   access), forocl_port_device()
!       What the procedures of forocl port call around their kernels, per
!       array dummy x: the device array a of x, uploaded (coherent mode:
!       read back at exit for forocl_out and forocl_inout, then freed) or
!       kept (resident mode). forocl_port_device() is .false. when
!       FOROCL_DEVICE=host: the procedure runs its Fortran instead.
!   forocl_resident(on), forocl_update_host(x), forocl_update_device(x),
!   forocl_release(x)
!       Resident mode (also FOROCL_RESIDENT=1): device copies stay between
!       calls; the host announces its reads and writes (see "Resident
!       mode" below; FOROCL_CHECK=1 catches a write it did not announce).
!   forocl_build(prog, source, options), forocl_kernel_create(k, prog, name),
!   forocl_set_arg(k, index, value), forocl_launch(k, global, local)
!       Run any OpenCL C source: build a program (through the binary
!       cache below), create a kernel, set argument index (0-based, as in
!       OpenCL) to a device array or a real(4), real(8), int32 or int64 value,
!       launch it on an NDRange (local may be empty: the driver chooses).
!       An argument that has the value already is not set again, so a
!       launch costs one OpenCL call per argument that changed.
!       forocl_load_text(path, text) reads a .cl file.
!   FOROCL_TRACE=1
!       Counts the runtime's OpenCL calls, and those that wait for the
!       device, and prints them at forocl_finish and at the end (see
!       Tracing below).
!
! Errors, Fortran style: every routine takes optional stat= and errmsg=
! arguments. With stat present, stat is 0 on success, else an OpenCL error
! code (negative) or one of forocl_e* (positive), and errmsg (when present)
! receives the message (errmsg is left alone on success). Without stat, an
! error prints "forocl: MESSAGE" on the error unit and stops with error
! stop. Messages name the OpenCL call, its error name (CL_OUT_OF_RESOURCES)
! and the kernel; a device array
! whose shape does not match a kernel's extents is reported with both
! shapes before anything is launched; an array too large for the device is
! reported before it is allocated. A kernel built with --check-bounds
! reports the first subscript that left its bounds after its launches
! (stat forocl_ebounds).
!
! Program cache: built program binaries are kept in $FOROCL_CACHE, else
! $XDG_CACHE_HOME/forocl/programs, else $HOME/.cache/forocl/programs
! (FOROCL_CACHE=off disables it), exactly as clhost keeps them (Note
! [program cache] in clhost/cache.go), so Go and Fortran programs share
! entries: a file named by the SHA-256 of the key fields (platform name,
! device name, driver version, build options, SHA-256 of the source),
! holding the magic FOROCLP2, the key fields, the log and binary lengths,
! an HMAC-SHA256 under the secret in the folder's .secret (32 random bytes,
! mode 0600, made on first use), the log and the binary. An entry whose
! fields or HMAC do not match is never handed to the driver: the program is
! built from source and the entry rewritten.
module forocl_cl
  use, intrinsic :: iso_c_binding
  use, intrinsic :: iso_fortran_env, only: error_unit, int8, int32, int64
  implicit none
  private

  ! Kinds of device arrays.
  integer, parameter, public :: forocl_real4 = 1, forocl_real8 = 2, forocl_int = 3, &
      forocl_int8 = 4
  ! A length for errmsg variables that holds every message.
  integer, parameter, public :: forocl_msg_len = 4096
  ! stat values of errors that are not OpenCL error codes.
  integer, parameter, public :: forocl_eshape = 1   ! shape, kind or rank mismatch
  integer, parameter, public :: forocl_edevice = 2  ! no device, or none matches
  integer, parameter, public :: forocl_ememory = 3  ! the device has not enough memory
  integer, parameter, public :: forocl_eio = 4      ! a file could not be read
  integer, parameter, public :: forocl_eusage = 5   ! a routine was called wrongly
  integer, parameter, public :: forocl_ebounds = 6  ! a subscript left its bounds (--check-bounds)

  ! A device array. Components are for reading only.
  type, public :: forocl_array
    type(c_ptr) :: mem = c_null_ptr
    integer :: kind = 0
    integer :: rank = 0
    integer :: shape(3) = 1
    integer(int64) :: count = 0
    integer :: context = 0
    integer :: slot = 0   ! its entry in the resident table (0: none)
    ! host memory with the same bytes, which no kernel of the port call
    ! writes (a small read-only array's copy in the pool of resident
    ! mode): forocl_read_elem reads there, without waiting for the device
    type(c_ptr) :: host = c_null_ptr
  end type forocl_array

  ! A built OpenCL program.
  type, public :: forocl_program
    type(c_ptr) :: h = c_null_ptr
    integer :: context = 0
    logical :: cached = .false.   ! the binary came from the cache
  end type forocl_program

  ! One kernel of a program.
  type, public :: forocl_kernel
    type(c_ptr) :: h = c_null_ptr
    character(len=64) :: name = ''
    integer :: context = 0
    integer :: slot = 0   ! its entry in the table of arguments set (0: none)
  end type forocl_kernel

  public :: forocl_init, forocl_device_name, forocl_device_index, forocl_device_fp64
  public :: forocl_create, forocl_write, forocl_read, forocl_read_start, forocl_alloc, forocl_free
  public :: forocl_finish, forocl_build, forocl_kernel_create, forocl_set_arg, forocl_launch
  public :: forocl_load_text, forocl_report, forocl_current
  ! For forocl port's procedures: device copies of host arrays, per call.
  public :: forocl_port_enter, forocl_port_exit, forocl_port_device
  ! Resident mode: device copies that stay between calls.
  public :: forocl_resident, forocl_update_host, forocl_update_device, forocl_release
  integer, parameter, public :: forocl_in = 1, forocl_out = 2, forocl_inout = 3
  ! Resident mode passes arrays of at most this many bytes as coherent
  ! mode does (see Resident mode below).
  integer(int64), parameter, public :: forocl_small_bytes = 4096
  ! For generated modules (fortranhost): argument checks and launch sizes.
  public :: forocl_check_array, forocl_check_extents, forocl_check_count, forocl_ndrange
  public :: forocl_check_declared, forocl_check_alias, forocl_check_access
  public :: forocl_check_fp64, forocl_bounds_read, forocl_bounds_error
  public :: forocl_past_int32, forocl_over_int32, forocl_read_elem, forocl_scratch
  ! For generated modules: intrinsics and iso_c_binding kinds under names
  ! that no kernel dummy hides (Note [Fortran host names] in codegen).
  public :: forocl_to_int, forocl_int32, forocl_max, forocl_product, forocl_flag
  integer, parameter, public :: forocl_c_float = c_float, forocl_c_double = c_double, &
      forocl_c_int32_t = c_int32_t, forocl_c_int64_t = c_int64_t

  interface forocl_to_int
    module procedure int_of_i4, int_of_i8
  end interface forocl_to_int

  interface forocl_create
    module procedure create_r4_1, create_r4_2, create_r4_3
    module procedure create_r8_1, create_r8_2, create_r8_3
    module procedure create_i4_1, create_i4_2, create_i4_3
    module procedure create_i8_1, create_i8_2, create_i8_3
  end interface forocl_create

  interface forocl_write
    module procedure write_r4_1, write_r4_2, write_r4_3
    module procedure write_r8_1, write_r8_2, write_r8_3
    module procedure write_i4_1, write_i4_2, write_i4_3
    module procedure write_i8_1, write_i8_2, write_i8_3
  end interface forocl_write

  interface forocl_read_start
    module procedure start_r4, start_r8, start_i4, start_i8
  end interface forocl_read_start

  interface forocl_read
    module procedure read_r4_1, read_r4_2, read_r4_3
    module procedure read_r8_1, read_r8_2, read_r8_3
    module procedure read_i4_1, read_i4_2, read_i4_3
    module procedure read_i8_1, read_i8_2, read_i8_3
  end interface forocl_read

  interface forocl_port_enter
    module procedure enter_r4_1, enter_r4_2, enter_r4_3
    module procedure enter_r8_1, enter_r8_2, enter_r8_3
    module procedure enter_i4_1, enter_i4_2, enter_i4_3
    module procedure enter_i8_1, enter_i8_2, enter_i8_3
  end interface forocl_port_enter

  interface forocl_port_exit
    module procedure exit_r4_1, exit_r4_2, exit_r4_3
    module procedure exit_r8_1, exit_r8_2, exit_r8_3
    module procedure exit_i4_1, exit_i4_2, exit_i4_3
    module procedure exit_i8_1, exit_i8_2, exit_i8_3
  end interface forocl_port_exit

  interface forocl_update_host
    module procedure host_r4_1, host_r4_2, host_r4_3
    module procedure host_r8_1, host_r8_2, host_r8_3
    module procedure host_i4_1, host_i4_2, host_i4_3
    module procedure host_i8_1, host_i8_2, host_i8_3
  end interface forocl_update_host

  interface forocl_update_device
    module procedure device_r4_1, device_r4_2, device_r4_3
    module procedure device_r8_1, device_r8_2, device_r8_3
    module procedure device_i4_1, device_i4_2, device_i4_3
    module procedure device_i8_1, device_i8_2, device_i8_3
  end interface forocl_update_device

  interface forocl_release
    module procedure release_r4_1, release_r4_2, release_r4_3
    module procedure release_r8_1, release_r8_2, release_r8_3
    module procedure release_i4_1, release_i4_2, release_i4_3
    module procedure release_i8_1, release_i8_2, release_i8_3
  end interface forocl_release

  interface forocl_set_arg
    module procedure set_arg_array, set_arg_r4, set_arg_r8, set_arg_i4, set_arg_i8
  end interface forocl_set_arg

  ! OpenCL enumerants (CL/cl.h 1.2), in decimal: this file is parsed by
  ! forocl's own tests, whose parser has no BOZ literals (z'0902' = 2306).
  integer(c_int32_t), parameter :: cl_platform_name = 2306_c_int32_t
  integer(c_int64_t), parameter :: cl_device_type_all = 4294967295_c_int64_t
  integer(c_int64_t), parameter :: cl_device_type_cpu = 2, cl_device_type_gpu = 4, &
      cl_device_type_accelerator = 8
  integer(c_int32_t), parameter :: cl_device_type = 4096_c_int32_t, &
      cl_device_max_mem_alloc_size = 4112_c_int32_t, &
      cl_device_global_mem_size = 4127_c_int32_t, &
      cl_device_name = 4139_c_int32_t, cl_device_vendor = 4140_c_int32_t, &
      cl_driver_version = 4141_c_int32_t, cl_device_version = 4143_c_int32_t, &
      cl_device_extensions = 4144_c_int32_t, &
      cl_device_double_fp_config = 4146_c_int32_t, &
      cl_context_platform = 4228_c_int32_t, &
      cl_program_num_devices = 4450_c_int32_t, &
      cl_program_binary_sizes = 4453_c_int32_t, &
      cl_program_binaries = 4454_c_int32_t, &
      cl_program_build_log = 4483_c_int32_t
  integer(c_int64_t), parameter :: cl_mem_read_write = 1, cl_mem_copy_host_ptr = 32
  integer(c_int64_t), parameter :: cl_queue_profiling_enable = 2
  integer(c_int32_t), parameter :: cl_profiling_command_start = 4738_c_int32_t, &
      cl_profiling_command_end = 4739_c_int32_t
  integer(c_int32_t), parameter :: cl_platform_not_found_khr = -1001

  ! Port calls between an enter and its exit (forocl_port_enter/exit).
  integer, save :: port_pending = 0
  ! FOROCL_DEVICE=host: forocl port's procedures run their Fortran (read once).
  integer, save :: port_host = -1

  ! Resident mode (see Resident mode below): the table of device copies.
  type :: resident_copy
    type(forocl_array) :: a
    integer(c_intptr_t) :: addr = 0          ! the host array's first byte
    integer(int64) :: bytes = 0              ! and its size
    logical :: newer = .false.               ! the device wrote it since the host last had it
    integer(int64) :: sum = 0                ! FOROCL_CHECK: the host copy's checksum then
    character(len=160) :: what = ''          ! "array NAME of PROC", for messages
  end type resident_copy
  type(resident_copy), allocatable, save :: res(:)
  integer, save :: nres = 0
  integer, save :: res_mode = -1             ! FOROCL_RESIDENT not read yet (-1), off (0), on (1)
  logical, save :: res_check = .false.       ! FOROCL_CHECK
  type(c_ptr), allocatable, save :: dropped(:)  ! buffers to release when no call is under way
  integer, save :: ndropped = 0
  integer, parameter :: sync_host = 1, sync_device = 2, sync_release = 3
  ! Resident mode's small arrays that a procedure only reads: device
  ! copies found by their bytes (see Resident mode below).
  integer, parameter :: pool_max = 64
  type :: small_copy
    type(forocl_array) :: a
    integer(int64) :: bytes = 0, sum = 0, used = 0
    integer(int8), allocatable :: data(:)
  end type small_copy
  type(small_copy), allocatable, save, target :: pool(:)
  integer, save :: npool = 0
  integer(int64), save :: pool_clock = 0
  integer(int64), save :: pool_call = 0    ! pool_clock when the port call under way began

  ! Profiling (FOROCL_PROFILE; see Profiling below): one row per kernel
  ! or transfer direction, and the events not yet read.
  type :: prof_row
    character(len=64) :: name = ''
    integer(int64) :: calls = 0, ns = 0, bytes = 0
  end type prof_row
  type :: prof_pending
    type(c_ptr) :: ev = c_null_ptr
    integer :: row = 0
  end type prof_pending
  logical, save :: g_profile = .false.
  logical, save :: g_at_exit = .false.   ! prof_at_exit is registered
  type(c_ptr), save, target :: g_ev = c_null_ptr
  type(prof_row), allocatable, save :: prof_rows(:)
  type(prof_pending), allocatable, save :: prof_evs(:)
  integer, save :: nprof_rows = 0, nprof_evs = 0

  ! The arguments last set on each kernel (see forocl_set_arg): the bytes
  ! of values of up to 8 bytes, for the first arg_max arguments.
  integer, parameter :: arg_max = 64
  type :: kernel_args
    type(c_ptr) :: h = c_null_ptr            ! the kernel
    integer :: n = 0                         ! arguments 0 to n-1 may be known
    integer :: size(0:arg_max - 1) = 0       ! 0: not known
    integer(int64) :: v(0:arg_max - 1) = 0
    logical :: mem(0:arg_max - 1) = .false.  ! a buffer (forgotten when it is released)
  end type kernel_args
  type(kernel_args), allocatable, save :: kargs(:)
  integer, save :: nkargs = 0

  ! Tracing (FOROCL_TRACE; see Tracing below): the OpenCL calls of the
  ! runtime, per entry point, and how many of them waited for the device.
  integer, parameter :: tr_setarg = 1, tr_launch = 2, tr_write = 3, tr_read = 4, tr_fill = 5, &
      tr_create = 6, tr_release = 7, tr_finish = 8, tr_event = 9, ntrace = 9
  ! (padded to one length: a constructor without a type-spec, which forocl's parser reads too)
  character(len=23), parameter :: trace_names(ntrace) = ['clSetKernelArg         ', 'clEnqueueNDRangeKernel ', &
      'clEnqueueWriteBuffer   ', 'clEnqueueReadBuffer    ', &
      'clEnqueueFillBuffer    ', 'clCreateBuffer         ', 'clReleaseMemObject     ', &
      'clFinish               ', 'clGetEventProfilingInfo']
  logical, save :: g_trace = .false.
  logical, save :: trace_port = .false.      ! inside forocl_port_enter/exit
  integer(int64), save :: trace_calls(ntrace) = 0, trace_waits(ntrace) = 0
  integer(int64), save :: trace_procs = 0, trace_kept = 0, trace_unasked = 0, trace_host_reads = 0

  ! The selected device and its context (one per program).
  logical, save :: ready = .false.
  integer, save :: context_id = 0
  type(c_ptr), save :: g_platform = c_null_ptr, g_device = c_null_ptr
  type(c_ptr), save :: g_context = c_null_ptr, g_queue = c_null_ptr
  character(len=256), save :: g_name = '', g_platform_name = '', g_driver = '', g_index = ''
  integer(int64), save :: g_global_mem = 0, g_max_alloc = 0, g_used = 0
  logical, save :: g_fp64 = .false.

  ! One device as found by the device scan.
  type :: device_desc
    type(c_ptr) :: platform = c_null_ptr, id = c_null_ptr
    character(len=16) :: index = ''
    character(len=16) :: type = ''
    character(len=256) :: platform_name = '', name = '', vendor = '', version = '', driver = ''
  end type device_desc

  ! SHA-256 state.
  type :: sha256
    integer(int64) :: h(0:7) = 0
    integer(int8) :: buf(0:63) = 0
    integer :: nbuf = 0
    integer(int64) :: total = 0
  end type sha256
  integer(int64), parameter :: mask32 = 4294967295_int64

  ! One key field of a cache entry.
  type :: field
    character(len=:), allocatable :: s
  end type field
  character(len=*), parameter :: cache_magic = 'FOROCLP2'
  ! The round constants (FIPS 180-4 4.2.2), in decimal.
  integer(int64), parameter :: sha_k(0:63) = [ &
      1116352408_int64, 1899447441_int64, 3049323471_int64, 3921009573_int64, &
      961987163_int64, 1508970993_int64, 2453635748_int64, 2870763221_int64, &
      3624381080_int64, 310598401_int64, 607225278_int64, 1426881987_int64, &
      1925078388_int64, 2162078206_int64, 2614888103_int64, 3248222580_int64, &
      3835390401_int64, 4022224774_int64, 264347078_int64, 604807628_int64, &
      770255983_int64, 1249150122_int64, 1555081692_int64, 1996064986_int64, &
      2554220882_int64, 2821834349_int64, 2952996808_int64, 3210313671_int64, &
      3336571891_int64, 3584528711_int64, 113926993_int64, 338241895_int64, &
      666307205_int64, 773529912_int64, 1294757372_int64, 1396182291_int64, &
      1695183700_int64, 1986661051_int64, 2177026350_int64, 2456956037_int64, &
      2730485921_int64, 2820302411_int64, 3259730800_int64, 3345764771_int64, &
      3516065817_int64, 3600352804_int64, 4094571909_int64, 275423344_int64, &
      430227734_int64, 506948616_int64, 659060556_int64, 883997877_int64, &
      958139571_int64, 1322822218_int64, 1537002063_int64, 1747873779_int64, &
      1955562222_int64, 2024104815_int64, 2227730452_int64, 2361852424_int64, &
      2428436474_int64, 2756734187_int64, 3204031479_int64, 3329325298_int64]

  interface
    integer(c_int) function c_atexit(f) bind(C, name='atexit')
      import :: c_int, c_funptr
      type(c_funptr), value :: f
    end function c_atexit
    integer(c_int32_t) function clGetPlatformIDs(n, platforms, nret) bind(C, name='clGetPlatformIDs')
      import :: c_int32_t, c_ptr
      integer(c_int32_t), value :: n
      type(c_ptr), value :: platforms, nret
    end function clGetPlatformIDs
    integer(c_int32_t) function clGetPlatformInfo(p, param, size, value, sizeret) &
        bind(C, name='clGetPlatformInfo')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: p
      integer(c_int32_t), value :: param
      integer(c_size_t), value :: size
      type(c_ptr), value :: value, sizeret
    end function clGetPlatformInfo
    integer(c_int32_t) function clGetDeviceIDs(p, typ, n, devices, nret) bind(C, name='clGetDeviceIDs')
      import :: c_int32_t, c_int64_t, c_ptr
      type(c_ptr), value :: p
      integer(c_int64_t), value :: typ
      integer(c_int32_t), value :: n
      type(c_ptr), value :: devices, nret
    end function clGetDeviceIDs
    integer(c_int32_t) function clGetDeviceInfo(d, param, size, value, sizeret) &
        bind(C, name='clGetDeviceInfo')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: d
      integer(c_int32_t), value :: param
      integer(c_size_t), value :: size
      type(c_ptr), value :: value, sizeret
    end function clGetDeviceInfo
    type(c_ptr) function clCreateContext(props, n, devices, notify, user, err) &
        bind(C, name='clCreateContext')
      import :: c_int32_t, c_ptr, c_funptr
      type(c_ptr), value :: props
      integer(c_int32_t), value :: n
      type(c_ptr), value :: devices
      type(c_funptr), value :: notify
      type(c_ptr), value :: user, err
    end function clCreateContext
    type(c_ptr) function clCreateCommandQueue(ctx, d, props, err) bind(C, name='clCreateCommandQueue')
      import :: c_int64_t, c_ptr
      type(c_ptr), value :: ctx, d
      integer(c_int64_t), value :: props
      type(c_ptr), value :: err
    end function clCreateCommandQueue
    type(c_ptr) function clCreateBuffer(ctx, flags, size, host, err) bind(C, name='clCreateBuffer')
      import :: c_int64_t, c_ptr, c_size_t
      type(c_ptr), value :: ctx
      integer(c_int64_t), value :: flags
      integer(c_size_t), value :: size
      type(c_ptr), value :: host, err
    end function clCreateBuffer
    integer(c_int32_t) function clEnqueueWriteBuffer(q, mem, blocking, offset, size, ptr, nev, evs, ev) &
        bind(C, name='clEnqueueWriteBuffer')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: q, mem
      integer(c_int32_t), value :: blocking
      integer(c_size_t), value :: offset, size
      type(c_ptr), value :: ptr
      integer(c_int32_t), value :: nev
      type(c_ptr), value :: evs, ev
    end function clEnqueueWriteBuffer
    integer(c_int32_t) function clEnqueueReadBuffer(q, mem, blocking, offset, size, ptr, nev, evs, ev) &
        bind(C, name='clEnqueueReadBuffer')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: q, mem
      integer(c_int32_t), value :: blocking
      integer(c_size_t), value :: offset, size
      type(c_ptr), value :: ptr
      integer(c_int32_t), value :: nev
      type(c_ptr), value :: evs, ev
    end function clEnqueueReadBuffer
    integer(c_int32_t) function clEnqueueFillBuffer(q, mem, pattern, psize, offset, size, nev, evs, ev) &
        bind(C, name='clEnqueueFillBuffer')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: q, mem, pattern
      integer(c_size_t), value :: psize, offset, size
      integer(c_int32_t), value :: nev
      type(c_ptr), value :: evs, ev
    end function clEnqueueFillBuffer
    type(c_ptr) function clCreateProgramWithSource(ctx, n, strings, lengths, err) &
        bind(C, name='clCreateProgramWithSource')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: ctx
      integer(c_int32_t), value :: n
      type(c_ptr), value :: strings, lengths, err
    end function clCreateProgramWithSource
    type(c_ptr) function clCreateProgramWithBinary(ctx, n, devices, lengths, binaries, status, err) &
        bind(C, name='clCreateProgramWithBinary')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: ctx
      integer(c_int32_t), value :: n
      type(c_ptr), value :: devices, lengths, binaries, status, err
    end function clCreateProgramWithBinary
    integer(c_int32_t) function clBuildProgram(prog, n, devices, options, notify, user) &
        bind(C, name='clBuildProgram')
      import :: c_int32_t, c_ptr, c_funptr
      type(c_ptr), value :: prog
      integer(c_int32_t), value :: n
      type(c_ptr), value :: devices, options
      type(c_funptr), value :: notify
      type(c_ptr), value :: user
    end function clBuildProgram
    integer(c_int32_t) function clGetProgramBuildInfo(prog, d, param, size, value, sizeret) &
        bind(C, name='clGetProgramBuildInfo')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: prog, d
      integer(c_int32_t), value :: param
      integer(c_size_t), value :: size
      type(c_ptr), value :: value, sizeret
    end function clGetProgramBuildInfo
    integer(c_int32_t) function clGetProgramInfo(prog, param, size, value, sizeret) &
        bind(C, name='clGetProgramInfo')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: prog
      integer(c_int32_t), value :: param
      integer(c_size_t), value :: size
      type(c_ptr), value :: value, sizeret
    end function clGetProgramInfo
    type(c_ptr) function clCreateKernel(prog, name, err) bind(C, name='clCreateKernel')
      import :: c_ptr
      type(c_ptr), value :: prog, name, err
    end function clCreateKernel
    integer(c_int32_t) function clSetKernelArg(k, index, size, value) bind(C, name='clSetKernelArg')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: k
      integer(c_int32_t), value :: index
      integer(c_size_t), value :: size
      type(c_ptr), value :: value
    end function clSetKernelArg
    integer(c_int32_t) function clEnqueueNDRangeKernel(q, k, dims, offset, global, local, nev, evs, ev) &
        bind(C, name='clEnqueueNDRangeKernel')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: q, k
      integer(c_int32_t), value :: dims
      type(c_ptr), value :: offset, global, local
      integer(c_int32_t), value :: nev
      type(c_ptr), value :: evs, ev
    end function clEnqueueNDRangeKernel
    integer(c_int32_t) function clFinish(q) bind(C, name='clFinish')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: q
    end function clFinish
    integer(c_int32_t) function clReleaseMemObject(h) bind(C, name='clReleaseMemObject')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: h
    end function clReleaseMemObject
    integer(c_int32_t) function clReleaseProgram(h) bind(C, name='clReleaseProgram')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: h
    end function clReleaseProgram
    integer(c_int32_t) function clReleaseKernel(h) bind(C, name='clReleaseKernel')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: h
    end function clReleaseKernel
    integer(c_int32_t) function clReleaseCommandQueue(h) bind(C, name='clReleaseCommandQueue')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: h
    end function clReleaseCommandQueue
    integer(c_int32_t) function clReleaseContext(h) bind(C, name='clReleaseContext')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: h
    end function clReleaseContext
    integer(c_int32_t) function clReleaseEvent(h) bind(C, name='clReleaseEvent')
      import :: c_int32_t, c_ptr
      type(c_ptr), value :: h
    end function clReleaseEvent
    integer(c_int32_t) function clGetEventProfilingInfo(ev, param, size, value, sizeret) &
        bind(C, name='clGetEventProfilingInfo')
      import :: c_int32_t, c_ptr, c_size_t
      type(c_ptr), value :: ev
      integer(c_int32_t), value :: param
      integer(c_size_t), value :: size
      type(c_ptr), value :: value, sizeret
    end function clGetEventProfilingInfo
    ! POSIX, for the program cache.
    integer(c_int) function c_mkdir(path, mode) bind(C, name='mkdir')
      import :: c_int, c_char
      character(kind=c_char), intent(in) :: path(*)
      integer(c_int), value :: mode
    end function c_mkdir
    integer(c_int) function c_rename(old, new) bind(C, name='rename')
      import :: c_int, c_char
      character(kind=c_char), intent(in) :: old(*), new(*)
    end function c_rename
    integer(c_int) function c_getpid() bind(C, name='getpid')
      import :: c_int
    end function c_getpid
    integer(c_int) function c_chmod(path, mode) bind(C, name='chmod')
      import :: c_int, c_char
      character(kind=c_char), intent(in) :: path(*)
      integer(c_int), value :: mode
    end function c_chmod
    integer(c_int) function c_link(old, new) bind(C, name='link')
      import :: c_int, c_char
      character(kind=c_char), intent(in) :: old(*), new(*)
    end function c_link
    integer(c_int) function c_unlink(path) bind(C, name='unlink')
      import :: c_int, c_char
      character(kind=c_char), intent(in) :: path(*)
    end function c_unlink
  end interface

  ! The array dummies of the port call under way, as forocl_port_enter
  ! saw them (see Arguments smaller than their declared bounds).
  type :: port_arg
    integer(c_intptr_t) :: addr = 0
    integer(int64) :: bytes = 0
    integer :: kind = 0, access = 0, rank = 0, shape(3) = 1
    character(len=63) :: name = ''
  end type port_arg
  type(port_arg), allocatable, save :: call_args(:)
  integer, save :: ncall_args = 0

contains

  ! ---------------------------------------------------------------------
  ! Intrinsics for generated modules, whose procedures may have dummies
  ! named int, max, product or merge (Note [Fortran host names] in codegen).

  ! forocl_to_int is int(x): default integer of an int32 or int64 x.
  elemental integer function int_of_i4(x)
    integer(int32), intent(in) :: x
    int_of_i4 = int(x)
  end function int_of_i4

  elemental integer function int_of_i8(x)
    integer(int64), intent(in) :: x
    int_of_i8 = int(x)
  end function int_of_i8

  ! forocl_int32 is int(x, c_int32_t) of a default integer x.
  elemental integer(c_int32_t) function forocl_int32(x)
    integer, intent(in) :: x
    forocl_int32 = int(x, c_int32_t)
  end function forocl_int32

  ! forocl_max is max(a, b) of default integers.
  elemental integer function forocl_max(a, b)
    integer, intent(in) :: a, b
    forocl_max = max(a, b)
  end function forocl_max

  ! forocl_past_int32 says whether the last position first + g*per - 1 of
  ! a launch passes huge(0), and forocl_over_int32 whether an array of
  ! these extents has more elements: runs that need 64-bit indices, which
  ! the Fortran host does not build (Note [index types] in package abi).
  pure logical function forocl_past_int32(first, g, per)
    integer, intent(in) :: first, g, per
    forocl_past_int32 = int(first, 8) + int(g, 8)*int(per, 8) - 1 > int(huge(0), 8)
  end function forocl_past_int32

  pure logical function forocl_over_int32(extents)
    integer, intent(in) :: extents(:)
    forocl_over_int32 = product(int(extents, 8)) > int(huge(0), 8)
  end function forocl_over_int32

  ! forocl_product is product(v) of a default integer vector.
  pure integer function forocl_product(v)
    integer, intent(in) :: v(:)
    forocl_product = product(v)
  end function forocl_product

  ! forocl_flag is merge(1, 0, l) as integer(c_int32_t): a logical on the device.
  elemental integer(c_int32_t) function forocl_flag(l)
    logical, intent(in) :: l
    forocl_flag = merge(1_c_int32_t, 0_c_int32_t, l)
  end function forocl_flag

  ! ---------------------------------------------------------------------
  ! Errors

  ! forocl_report hands an error (st /= 0, message msg) to the caller: in
  ! stat and errmsg when stat is present, else on the error unit followed
  ! by error stop. With st == 0 it sets stat to 0 and leaves errmsg alone.
  subroutine forocl_report(st, msg, stat, errmsg)
    integer, intent(in) :: st
    character(len=*), intent(in) :: msg
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    if (present(stat)) then
      stat = st
      if (st /= 0 .and. present(errmsg)) errmsg = msg
      return
    end if
    if (st /= 0) then
      write (error_unit, '(a)') 'forocl: ' // trim(msg)
      error stop 1
    end if
  end subroutine forocl_report

  ! cl_fail sets st and msg for a failed OpenCL call: "OP failed with
  ! CL_NAME (code)" and what it was doing.
  subroutine cl_fail(code, op, what, st, msg)
    integer(c_int32_t), intent(in) :: code
    character(len=*), intent(in) :: op, what
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = int(code)
    msg = op // ' failed with ' // cl_error_name(code) // ' (' // itoa(int(code, int64)) // ')'
    if (what /= '') msg = trim(msg) // ' ' // what
    if (code == -4 .or. code == -5 .or. code == -6) msg = trim(msg) // &
        '; the device (' // trim(g_name) // ') is out of memory or resources: use smaller arrays or free some'
  end subroutine cl_fail

  ! cl_error_name is the C name of an OpenCL error code.
  function cl_error_name(code) result(name)
    integer(c_int32_t), intent(in) :: code
    character(len=:), allocatable :: name
    select case (code)
    case (0); name = 'CL_SUCCESS'
    case (-1); name = 'CL_DEVICE_NOT_FOUND'
    case (-2); name = 'CL_DEVICE_NOT_AVAILABLE'
    case (-3); name = 'CL_COMPILER_NOT_AVAILABLE'
    case (-4); name = 'CL_MEM_OBJECT_ALLOCATION_FAILURE'
    case (-5); name = 'CL_OUT_OF_RESOURCES'
    case (-6); name = 'CL_OUT_OF_HOST_MEMORY'
    case (-7); name = 'CL_PROFILING_INFO_NOT_AVAILABLE'
    case (-8); name = 'CL_MEM_COPY_OVERLAP'
    case (-9); name = 'CL_IMAGE_FORMAT_MISMATCH'
    case (-10); name = 'CL_IMAGE_FORMAT_NOT_SUPPORTED'
    case (-11); name = 'CL_BUILD_PROGRAM_FAILURE'
    case (-12); name = 'CL_MAP_FAILURE'
    case (-13); name = 'CL_MISALIGNED_SUB_BUFFER_OFFSET'
    case (-14); name = 'CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST'
    case (-15); name = 'CL_COMPILE_PROGRAM_FAILURE'
    case (-16); name = 'CL_LINKER_NOT_AVAILABLE'
    case (-17); name = 'CL_LINK_PROGRAM_FAILURE'
    case (-18); name = 'CL_DEVICE_PARTITION_FAILED'
    case (-19); name = 'CL_KERNEL_ARG_INFO_NOT_AVAILABLE'
    case (-30); name = 'CL_INVALID_VALUE'
    case (-31); name = 'CL_INVALID_DEVICE_TYPE'
    case (-32); name = 'CL_INVALID_PLATFORM'
    case (-33); name = 'CL_INVALID_DEVICE'
    case (-34); name = 'CL_INVALID_CONTEXT'
    case (-35); name = 'CL_INVALID_QUEUE_PROPERTIES'
    case (-36); name = 'CL_INVALID_COMMAND_QUEUE'
    case (-37); name = 'CL_INVALID_HOST_PTR'
    case (-38); name = 'CL_INVALID_MEM_OBJECT'
    case (-39); name = 'CL_INVALID_IMAGE_FORMAT_DESCRIPTOR'
    case (-40); name = 'CL_INVALID_IMAGE_SIZE'
    case (-41); name = 'CL_INVALID_SAMPLER'
    case (-42); name = 'CL_INVALID_BINARY'
    case (-43); name = 'CL_INVALID_BUILD_OPTIONS'
    case (-44); name = 'CL_INVALID_PROGRAM'
    case (-45); name = 'CL_INVALID_PROGRAM_EXECUTABLE'
    case (-46); name = 'CL_INVALID_KERNEL_NAME'
    case (-47); name = 'CL_INVALID_KERNEL_DEFINITION'
    case (-48); name = 'CL_INVALID_KERNEL'
    case (-49); name = 'CL_INVALID_ARG_INDEX'
    case (-50); name = 'CL_INVALID_ARG_VALUE'
    case (-51); name = 'CL_INVALID_ARG_SIZE'
    case (-52); name = 'CL_INVALID_KERNEL_ARGS'
    case (-53); name = 'CL_INVALID_WORK_DIMENSION'
    case (-54); name = 'CL_INVALID_WORK_GROUP_SIZE'
    case (-55); name = 'CL_INVALID_WORK_ITEM_SIZE'
    case (-56); name = 'CL_INVALID_GLOBAL_OFFSET'
    case (-57); name = 'CL_INVALID_EVENT_WAIT_LIST'
    case (-58); name = 'CL_INVALID_EVENT'
    case (-59); name = 'CL_INVALID_OPERATION'
    case (-60); name = 'CL_INVALID_GL_OBJECT'
    case (-61); name = 'CL_INVALID_BUFFER_SIZE'
    case (-62); name = 'CL_INVALID_MIP_LEVEL'
    case (-63); name = 'CL_INVALID_GLOBAL_WORK_SIZE'
    case (-64); name = 'CL_INVALID_PROPERTY'
    case (-65); name = 'CL_INVALID_IMAGE_DESCRIPTOR'
    case (-66); name = 'CL_INVALID_COMPILER_OPTIONS'
    case (-67); name = 'CL_INVALID_LINKER_OPTIONS'
    case (-68); name = 'CL_INVALID_DEVICE_PARTITION_COUNT'
    case (-69); name = 'CL_INVALID_PIPE_SIZE'
    case (-70); name = 'CL_INVALID_DEVICE_QUEUE'
    case (-71); name = 'CL_INVALID_SPEC_ID'
    case (-72); name = 'CL_MAX_SIZE_RESTRICTION_EXCEEDED'
    case (-1000); name = 'CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR'
    case (-1001); name = 'CL_PLATFORM_NOT_FOUND_KHR'
    case default; name = 'an unknown OpenCL error'
    end select
  end function cl_error_name

  ! itoa spells an integer without blanks.
  function itoa(i) result(s)
    integer(int64), intent(in) :: i
    character(len=:), allocatable :: s
    character(len=24) :: buf
    write (buf, '(i0)') i
    s = trim(buf)
  end function itoa

  ! shape_string spells a shape as (4, 5).
  function shape_string(shp) result(s)
    integer, intent(in) :: shp(:)
    character(len=:), allocatable :: s
    integer :: d
    s = '('
    do d = 1, size(shp)
      if (d > 1) s = s // ', '
      s = s // itoa(int(shp(d), int64))
    end do
    s = s // ')'
  end function shape_string

  function kind_name(kind) result(s)
    integer, intent(in) :: kind
    character(len=:), allocatable :: s
    select case (kind)
    case (forocl_real4); s = 'real(4)'
    case (forocl_real8); s = 'real(8)'
    case (forocl_int); s = 'integer'
    case (forocl_int8); s = 'integer(8)'
    case default; s = 'unknown'
    end select
  end function kind_name

  integer(int64) function kind_bytes(kind)
    integer, intent(in) :: kind
    kind_bytes = 4
    if (kind == forocl_real8 .or. kind == forocl_int8) kind_bytes = 8
  end function kind_bytes

  ! human spells a byte count as 1.5 GiB.
  function human(b) result(s)
    integer(int64), intent(in) :: b
    character(len=:), allocatable :: s
    character(len=32) :: buf
    if (b >= 2_int64**30) then
      write (buf, '(f0.1,a)') real(b, c_double)/2.0_c_double**30, ' GiB'
    else if (b >= 2_int64**20) then
      write (buf, '(f0.1,a)') real(b, c_double)/2.0_c_double**20, ' MiB'
    else if (b >= 2_int64**10) then
      write (buf, '(f0.1,a)') real(b, c_double)/2.0_c_double**10, ' KiB'
    else
      write (buf, '(i0,a)') b, ' B'
    end if
    s = trim(buf)
  end function human

  function lower(s) result(t)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: t
    integer :: i, c
    t = s
    do i = 1, len(s)
      c = iachar(s(i:i))
      if (c >= iachar('A') .and. c <= iachar('Z')) t(i:i) = achar(c + 32)
    end do
  end function lower

  ! ---------------------------------------------------------------------
  ! Devices

  ! forocl_init selects the device (see the module comment) and creates
  ! its context and queue. Calling it again switches device; device arrays,
  ! programs and kernels of the previous device must not be used after.
  subroutine forocl_init(device, stat, errmsg)
    character(len=*), intent(in), optional :: device
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    character(len=256) :: sel
    character(len=:), allocatable :: from
    sel = ''
    from = ''
    if (present(device)) sel = adjustl(device)
    if (sel == '') then
      call env('FOROCL_DEVICE', sel)
      sel = adjustl(sel)
      from = ' (from FOROCL_DEVICE)'
    end if
    call init(trim(sel), from, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_init

  ! ensure initialises with the default selection if nothing is yet.
  subroutine ensure(st, msg)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    character(len=256) :: sel
    st = 0
    if (ready) return
    msg = ''
    call env('FOROCL_DEVICE', sel)
    call init(trim(adjustl(sel)), ' (from FOROCL_DEVICE)', st, msg)
  end subroutine ensure

  subroutine env(name, value)
    character(len=*), intent(in) :: name
    character(len=*), intent(out) :: value
    integer :: status
    value = ''
    call get_environment_variable(name, value, status=status)
    if (status /= 0) value = ''
  end subroutine env

  subroutine init(sel, from, st, msg)
    character(len=*), intent(in) :: sel, from
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    type(device_desc), allocatable :: ds(:)
    integer :: i, pick, c, p, d, ios, nmatch
    integer, allocatable :: matches(:)
    integer(c_int32_t), target :: code
    type(c_ptr), target :: devs(1)
    integer(c_intptr_t), target :: props(3)
    integer(c_int64_t), target :: v64
    character(len=:), allocatable :: needle, hay, ext
    character(len=16) :: pv
    st = 0
    msg = ''
    call scan_devices(ds, st, msg)
    if (st /= 0) return
    pick = 0
    if (sel == '') then
      do i = 1, size(ds)
        if (ds(i)%type == 'GPU') then
          pick = i
          exit
        end if
      end do
      if (pick == 0) pick = 1
    else if (is_index(sel)) then
      c = index(sel, ':')
      read (sel(1:c - 1), *, iostat=ios) p
      if (ios == 0) read (sel(c + 1:), *, iostat=ios) d
      if (ios == 0) then
        do i = 1, size(ds)
          if (trim(ds(i)%index) == itoa(int(p, int64)) // ':' // itoa(int(d, int64))) then
            pick = i
            exit
          end if
        end do
      end if
    else if (verify(sel, '0123456789') == 0) then
      ! a bare number: the N-th device, counting from 0
      read (sel, *, iostat=ios) p
      if (ios == 0 .and. p >= 0 .and. p < size(ds)) pick = p + 1
    else
      needle = lower(sel)
      nmatch = 0
      allocate(matches(size(ds)))
      do i = 1, size(ds)
        if (lower(trim(ds(i)%name)) == needle) then
          pick = i
          exit
        end if
        hay = lower(trim(ds(i)%platform_name) // ' ' // trim(ds(i)%name) // ' ' // trim(ds(i)%vendor) &
            // ' ' // trim(ds(i)%type) // ' ' // trim(ds(i)%version))
        if (index(hay, needle) > 0) then
          nmatch = nmatch + 1
          matches(nmatch) = i
        end if
      end do
      if (pick == 0 .and. nmatch > 0) then
        ! the matches must be one model (several identical GPUs: the first)
        do i = 2, nmatch
          if (ds(matches(i))%platform_name /= ds(matches(1))%platform_name .or. &
              ds(matches(i))%name /= ds(matches(1))%name) then
            st = forocl_edevice
            msg = 'device "' // sel // '"' // from // ' is ambiguous: it matches ' // &
                itoa(int(nmatch, int64)) // ' devices; give an index (see forocl devices) or more of the name:'
            do c = 1, nmatch
              msg = trim(msg) // new_line('a') // '  ' // describe(ds(matches(c)))
            end do
            return
          end if
        end do
        pick = matches(1)
      end if
    end if
    if (pick == 0) then
      st = forocl_edevice
      msg = 'no OpenCL device matches "' // sel // '"' // from // '; available devices:'
      do i = 1, size(ds)
        msg = trim(msg) // new_line('a') // '  ' // describe(ds(i))
      end do
      return
    end if
    call resident_flush(st, msg)
    if (st /= 0) return
    call release_context()
    g_platform = ds(pick)%platform
    g_device = ds(pick)%id
    g_name = ds(pick)%name
    g_platform_name = ds(pick)%platform_name
    g_driver = ds(pick)%driver
    g_index = ds(pick)%index
    g_global_mem = 0
    g_max_alloc = 0
    if (clGetDeviceInfo(g_device, cl_device_global_mem_size, 8_c_size_t, c_loc(v64), c_null_ptr) == 0) &
        g_global_mem = v64
    if (clGetDeviceInfo(g_device, cl_device_max_mem_alloc_size, 8_c_size_t, c_loc(v64), c_null_ptr) == 0) &
        g_max_alloc = v64
    ext = ' ' // device_string(g_device, cl_device_extensions) // ' '
    g_fp64 = index(ext, ' cl_khr_fp64 ') > 0
    if (.not. g_fp64) then
      v64 = 0
      if (clGetDeviceInfo(g_device, cl_device_double_fp_config, 8_c_size_t, c_loc(v64), c_null_ptr) == 0) &
          g_fp64 = v64 /= 0
    end if
    props = [int(cl_context_platform, c_intptr_t), transfer(g_platform, 0_c_intptr_t), 0_c_intptr_t]
    devs(1) = g_device
    g_context = clCreateContext(c_loc(props), 1_c_int32_t, c_loc(devs), c_null_funptr, c_null_ptr, c_loc(code))
    if (code /= 0 .or. .not. c_associated(g_context)) then
      if (code == 0) code = -34
      call cl_fail(code, 'clCreateContext', 'on device ' // trim(g_name), st, msg)
      return
    end if
    call env('FOROCL_PROFILE', pv)
    g_profile = env_true(pv)
    call env('FOROCL_TRACE', pv)
    g_trace = env_true(pv)
    if ((g_profile .or. g_trace) .and. .not. g_at_exit) g_at_exit = c_atexit(c_funloc(prof_at_exit)) == 0
    g_queue = clCreateCommandQueue(g_context, g_device, merge(cl_queue_profiling_enable, 0_c_int64_t, g_profile), &
        c_loc(code))
    if (code /= 0 .or. .not. c_associated(g_queue)) then
      if (code == 0) code = -36
      call cl_fail(code, 'clCreateCommandQueue', 'on device ' // trim(g_name), st, msg)
      code = clReleaseContext(g_context)
      g_context = c_null_ptr
      return
    end if
    context_id = context_id + 1
    g_used = 0
    ready = .true.
  end subroutine init

  subroutine release_context()
    integer(c_int32_t) :: code
    if (.not. ready) return
    call prof_harvest()
    code = clFinish(g_queue)
    code = clReleaseCommandQueue(g_queue)
    code = clReleaseContext(g_context)
    g_queue = c_null_ptr
    g_context = c_null_ptr
    ready = .false.
  end subroutine release_context

  ! describe spells a device as clhost's Device.String: "P:D  platform /
  ! name (TYPE)".
  function describe(d) result(s)
    type(device_desc), intent(in) :: d
    character(len=:), allocatable :: s
    s = trim(d%index) // '  ' // trim(d%platform_name) // ' / ' // trim(d%name) // ' (' // trim(d%type) // ')'
  end function describe

  ! is_index reports whether s is P:D with decimal digits.
  logical function is_index(s)
    character(len=*), intent(in) :: s
    integer :: c, i
    c = index(s, ':')
    is_index = c > 1 .and. c < len(s)
    if (.not. is_index) return
    do i = 1, len(s)
      if (i == c) cycle
      if (verify(s(i:i), '0123456789') /= 0) then
        is_index = .false.
        return
      end if
    end do
    ! "00:1" is "0:1"
    is_index = .true.
  end function is_index

  ! scan_devices lists every device of every platform, in order, as
  ! clhost.Devices does.
  subroutine scan_devices(ds, st, msg)
    type(device_desc), allocatable, intent(out) :: ds(:)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_int32_t), target :: np, nd
    integer(c_int32_t) :: code
    type(c_ptr), allocatable, target :: plats(:), ids(:)
    type(device_desc), allocatable :: more(:)
    integer(c_int64_t), target :: typ
    integer :: p, d
    st = 0
    msg = ''
    allocate(ds(0))
    np = 0
    code = clGetPlatformIDs(0_c_int32_t, c_null_ptr, c_loc(np))
    if (code == cl_platform_not_found_khr .or. (code == 0 .and. np == 0)) then
      st = forocl_edevice
      msg = 'no OpenCL platform found; on Debian: apt-get install pocl-opencl-icd (CPU) or your GPU vendor''s OpenCL driver'
      return
    end if
    if (code /= 0) then
      call cl_fail(code, 'clGetPlatformIDs', '', st, msg)
      return
    end if
    allocate(plats(np))
    code = clGetPlatformIDs(np, c_loc(plats), c_loc(np))
    if (code /= 0) then
      call cl_fail(code, 'clGetPlatformIDs', '', st, msg)
      return
    end if
    do p = 1, int(np)
      nd = 0
      code = clGetDeviceIDs(plats(p), cl_device_type_all, 0_c_int32_t, c_null_ptr, c_loc(nd))
      if (code /= 0 .or. nd == 0) cycle
      if (allocated(ids)) deallocate(ids)
      allocate(ids(nd))
      code = clGetDeviceIDs(plats(p), cl_device_type_all, nd, c_loc(ids), c_loc(nd))
      if (code /= 0) cycle
      allocate(more(nd))
      do d = 1, int(nd)
        more(d)%platform = plats(p)
        more(d)%id = ids(d)
        more(d)%index = itoa(int(p - 1, int64)) // ':' // itoa(int(d - 1, int64))
        more(d)%platform_name = platform_string(plats(p), cl_platform_name)
        more(d)%name = device_string(ids(d), cl_device_name)
        more(d)%vendor = device_string(ids(d), cl_device_vendor)
        more(d)%version = device_string(ids(d), cl_device_version)
        more(d)%driver = device_string(ids(d), cl_driver_version)
        typ = 0
        code = clGetDeviceInfo(ids(d), cl_device_type, 8_c_size_t, c_loc(typ), c_null_ptr)
        if (iand(typ, cl_device_type_gpu) /= 0) then
          more(d)%type = 'GPU'
        else if (iand(typ, cl_device_type_cpu) /= 0) then
          more(d)%type = 'CPU'
        else if (iand(typ, cl_device_type_accelerator) /= 0) then
          more(d)%type = 'ACCELERATOR'
        else
          more(d)%type = 'OTHER'
        end if
      end do
      ds = [ds, more]
      deallocate(more)
    end do
    if (size(ds) == 0) then
      st = forocl_edevice
      msg = 'no OpenCL device found on any platform; on Debian: apt-get install pocl-opencl-icd (CPU) ' // &
          'or your GPU vendor''s OpenCL driver'
    end if
  end subroutine scan_devices

  function device_string(d, param) result(s)
    type(c_ptr), intent(in) :: d
    integer(c_int32_t), intent(in) :: param
    character(len=:), allocatable :: s
    integer(c_size_t), target :: n
    character(kind=c_char), allocatable, target :: buf(:)
    s = ''
    n = 0
    if (clGetDeviceInfo(d, param, 0_c_size_t, c_null_ptr, c_loc(n)) /= 0 .or. n == 0) return
    allocate(buf(n))
    if (clGetDeviceInfo(d, param, n, c_loc(buf), c_null_ptr) /= 0) return
    s = c_text(buf)
  end function device_string

  function platform_string(p, param) result(s)
    type(c_ptr), intent(in) :: p
    integer(c_int32_t), intent(in) :: param
    character(len=:), allocatable :: s
    integer(c_size_t), target :: n
    character(kind=c_char), allocatable, target :: buf(:)
    s = ''
    n = 0
    if (clGetPlatformInfo(p, param, 0_c_size_t, c_null_ptr, c_loc(n)) /= 0 .or. n == 0) return
    allocate(buf(n))
    if (clGetPlatformInfo(p, param, n, c_loc(buf), c_null_ptr) /= 0) return
    s = c_text(buf)
  end function platform_string

  ! c_text turns an OpenCL info string into Fortran: up to the first NUL,
  ! without leading and trailing white space (as clhost reads it).
  function c_text(buf) result(s)
    character(kind=c_char), intent(in) :: buf(:)
    character(len=:), allocatable :: s
    integer :: i, n, a, b
    n = size(buf)
    do i = 1, size(buf)
      if (buf(i) == c_null_char) then
        n = i - 1
        exit
      end if
    end do
    a = 1
    b = n
    do while (a <= b)
      if (.not. is_space(buf(a))) exit
      a = a + 1
    end do
    do while (b >= a)
      if (.not. is_space(buf(b))) exit
      b = b - 1
    end do
    allocate(character(len=max(0, b - a + 1)) :: s)
    do i = a, b
      s(i - a + 1:i - a + 1) = buf(i)
    end do
  end function c_text

  logical function is_space(c)
    character(kind=c_char), intent(in) :: c
    is_space = c == ' ' .or. (iachar(c) >= 9 .and. iachar(c) <= 13)
  end function is_space

  ! forocl_device_name is the selected device's name ('' before init).
  function forocl_device_name() result(s)
    character(len=:), allocatable :: s
    s = trim(g_name)
  end function forocl_device_name

  ! forocl_device_index is the selected device's "P:D" index.
  function forocl_device_index() result(s)
    character(len=:), allocatable :: s
    s = trim(g_index)
  end function forocl_device_index

  ! forocl_device_fp64 reports whether the device has double precision.
  logical function forocl_device_fp64()
    forocl_device_fp64 = g_fp64
  end function forocl_device_fp64

  ! forocl_finish waits until the device has done everything enqueued.
  ! In resident mode it then frees the resident copies, after copying
  ! back every one the device wrote since the host last updated it (no
  ! result is lost; see Resident mode). With FOROCL_PROFILE=1 it prints
  ! the profile (see Profiling).
  subroutine forocl_finish(stat, errmsg)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    integer(c_int32_t) :: code
    st = 0
    msg = ''
    if (ready) then
      code = clFinish(g_queue)
      if (g_trace) call trace(tr_finish, .true.)
      if (code /= 0) call cl_fail(code, 'clFinish', '(a kernel failed while running)', st, msg)
    end if
    if (st == 0) call resident_flush(st, msg)
    call prof_print()
    call trace_print()
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_finish

  ! ---------------------------------------------------------------------
  ! Device arrays

  ! create_raw makes a a device array of the given kind and shape, filled
  ! from host (c_null_ptr: zeros). A buffer a held before is released.
  subroutine create_raw(a, kind, rank, shp, host, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, rank, shp(:)
    type(c_ptr), intent(in) :: host
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(int64) :: count, nbytes
    integer(c_int32_t), target :: code
    integer(c_int32_t), target :: zero
    integer :: d
    logical :: small
    call ensure(st, msg)
    if (st /= 0) return
    if (rank < 1 .or. rank > 3 .or. size(shp) /= rank) then
      st = forocl_eusage
      msg = 'device arrays have rank 1 to 3; got shape ' // shape_string(shp)
      return
    end if
    if (any(shp < 0)) then
      st = forocl_eusage
      msg = 'a device array cannot have shape ' // shape_string(shp)
      return
    end if
    call forocl_free(a)
    count = 1
    do d = 1, rank
      count = count*shp(d)
    end do
    nbytes = count*kind_bytes(kind)
    if (g_max_alloc > 0 .and. nbytes > g_max_alloc) then
      st = forocl_ememory
      msg = 'out of device memory: a ' // kind_name(kind) // ' array of shape ' // shape_string(shp) // &
          ' needs ' // human(nbytes) // ' but ' // trim(g_name) // ' allocates at most ' // &
          human(g_max_alloc) // ' per buffer'
      return
    end if
    if (g_global_mem > 0 .and. g_used + nbytes > g_global_mem) then
      st = forocl_ememory
      msg = 'out of device memory: a ' // kind_name(kind) // ' array of shape ' // shape_string(shp) // &
          ' needs ' // human(nbytes) // ' but ' // trim(g_name) // ' has ' // human(g_global_mem) // &
          ' of which ' // human(g_used) // ' are in use by other device arrays'
      return
    end if
    ! A small host array is copied when its buffer is created
    ! (CL_MEM_COPY_HOST_PTR): no transfer on the queue, so the host does
    ! not wait for the kernels queued before it, as a blocking write would.
    small = c_associated(host) .and. nbytes > 0 .and. nbytes <= forocl_small_bytes
    if (small) then
      a%mem = clCreateBuffer(g_context, ior(cl_mem_read_write, cl_mem_copy_host_ptr), int(nbytes, c_size_t), &
          host, c_loc(code))
    else
      a%mem = clCreateBuffer(g_context, cl_mem_read_write, int(max(nbytes, 4_int64), c_size_t), &
          c_null_ptr, c_loc(code))
    end if
    if (g_trace) call trace(tr_create, .false.)
    if (code /= 0 .or. .not. c_associated(a%mem)) then
      if (code == 0) code = -4
      a%mem = c_null_ptr
      call cl_fail(code, 'clCreateBuffer', 'for a ' // kind_name(kind) // ' array of shape ' // &
          shape_string(shp) // ' (' // human(nbytes) // ')', st, msg)
      return
    end if
    a%kind = kind
    a%rank = rank
    a%shape = 1
    a%shape(1:rank) = shp
    a%count = count
    a%context = context_id
    g_used = g_used + nbytes
    if (nbytes == 0) return
    if (small) then
      call prof_count('[upload]', nbytes, d)
    else if (c_associated(host)) then
      code = clEnqueueWriteBuffer(g_queue, a%mem, 1_c_int32_t, 0_c_size_t, int(nbytes, c_size_t), host, &
          0_c_int32_t, c_null_ptr, prof_event())
      if (g_trace) call trace(tr_write, .true.)
      if (code == 0) call prof_record('[upload]', nbytes)
      if (code /= 0) call cl_fail(code, 'clEnqueueWriteBuffer', 'for a ' // kind_name(kind) // &
          ' array of shape ' // shape_string(shp), st, msg)
    else
      zero = 0
      code = clEnqueueFillBuffer(g_queue, a%mem, c_loc(zero), 4_c_size_t, 0_c_size_t, int(nbytes, c_size_t), &
          0_c_int32_t, c_null_ptr, c_null_ptr)
      if (g_trace) call trace(tr_fill, .false.)
      if (code /= 0) call cl_fail(code, 'clEnqueueFillBuffer', 'for a ' // kind_name(kind) // &
          ' array of shape ' // shape_string(shp), st, msg)
    end if
    if (st /= 0) call forocl_free(a)
  end subroutine create_raw

  ! check_host checks that device array a exists and has the kind and
  ! shape of a host array, for write and read.
  subroutine check_host(op, a, kind, rank, shp, st, msg)
    character(len=*), intent(in) :: op
    type(forocl_array), intent(in) :: a
    integer, intent(in) :: kind, rank, shp(:)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = 0
    if (.not. c_associated(a%mem)) then
      st = forocl_eusage
      msg = op // ': the device array was not created (use forocl_create or forocl_alloc first)'
    else if (a%context /= context_id) then
      st = forocl_eusage
      msg = op // ': the device array belongs to a previous forocl_init; create it again'
    else if (a%kind /= kind) then
      st = forocl_eshape
      msg = op // ': the host array is ' // kind_name(kind) // ' but the device array is ' // kind_name(a%kind)
    else if (a%rank /= rank .or. any(a%shape(1:min(rank, 3)) /= shp)) then
      st = forocl_eshape
      msg = op // ': the host array has shape ' // shape_string(shp) // ' but the device array has ' // &
          shape_string(a%shape(1:a%rank))
    end if
  end subroutine check_host

  subroutine write_raw(a, kind, rank, shp, host, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, rank, shp(:)
    type(c_ptr), intent(in) :: host
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_int32_t) :: code
    call check_host('forocl_write', a, kind, rank, shp, st, msg)
    if (st /= 0 .or. a%count == 0) return
    code = clEnqueueWriteBuffer(g_queue, a%mem, 1_c_int32_t, 0_c_size_t, int(a%count*kind_bytes(kind), c_size_t), &
        host, 0_c_int32_t, c_null_ptr, prof_event())
    if (g_trace) call trace(tr_write, .true.)
    if (code == 0) call prof_record('[upload]', a%count*kind_bytes(kind))
    if (code /= 0) call cl_fail(code, 'clEnqueueWriteBuffer', 'for an array of shape ' // shape_string(shp), st, msg)
  end subroutine write_raw

  subroutine read_raw(a, kind, rank, shp, host, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, rank, shp(:)
    type(c_ptr), intent(in) :: host
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    call read_bytes(a, kind, rank, shp, host, .true., st, msg)
  end subroutine read_raw

  ! read_bytes is read_raw, which waits for the copy when blocking, else
  ! only enqueues it (forocl_read_start).
  subroutine read_bytes(a, kind, rank, shp, host, blocking, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, rank, shp(:)
    type(c_ptr), intent(in) :: host
    logical, intent(in) :: blocking
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_int32_t) :: code
    call check_host(trim(merge('forocl_read      ', 'forocl_read_start', blocking)), a, kind, rank, shp, st, msg)
    if (st /= 0 .or. a%count == 0) return
    code = clEnqueueReadBuffer(g_queue, a%mem, merge(1_c_int32_t, 0_c_int32_t, blocking), 0_c_size_t, &
        int(a%count*kind_bytes(kind), c_size_t), host, 0_c_int32_t, c_null_ptr, prof_event())
    if (g_trace) call trace(tr_read, blocking)
    if (code == 0) call prof_record('[download]', a%count*kind_bytes(kind))
    if (code /= 0) call cl_fail(code, 'clEnqueueReadBuffer', &
        '(a kernel before it may have failed) for an array of shape ' // shape_string(shp), st, msg)
  end subroutine read_bytes

  ! forocl_read_start(a, x) starts copying device array a into x, a
  ! rank-1 real(4), real(8), default integer or integer(int64) array with
  ! the target attribute, without waiting: x holds the values once a
  ! later forocl_read (or forocl_finish) returns, since the queue runs in
  ! order. Generated procedures read their scalar results so: one wait,
  ! not one per result.
  subroutine start_r4(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(inout), target :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    call read_start(a, forocl_real4, size(x), c_loc(x), stat, errmsg)
  end subroutine start_r4

  subroutine start_r8(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(inout), target :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    call read_start(a, forocl_real8, size(x), c_loc(x), stat, errmsg)
  end subroutine start_r8

  subroutine start_i4(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int32_t), intent(inout), target :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    call read_start(a, forocl_int, size(x), c_loc(x), stat, errmsg)
  end subroutine start_i4

  subroutine start_i8(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(inout), target :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    call read_start(a, forocl_int8, size(x), c_loc(x), stat, errmsg)
  end subroutine start_i8

  ! read_start is forocl_read_start for n elements of the given kind at p.
  subroutine read_start(a, kind, n, p, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, n
    type(c_ptr), intent(in) :: p
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    st = 0
    if (n > 0) call read_bytes(a, kind, 1, [n], p, .false., st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_start

  ! forocl_alloc makes a a zero-filled device array of the given kind
  ! (forocl_real4, forocl_real8, forocl_int, forocl_int8) and shape (rank
  ! 1 to 3).
  subroutine forocl_alloc(a, kind, shape, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind
    integer, intent(in) :: shape(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    if (kind /= forocl_real4 .and. kind /= forocl_real8 .and. kind /= forocl_int .and. kind /= forocl_int8) then
      st = forocl_eusage
      msg = 'forocl_alloc: kind must be forocl_real4, forocl_real8, forocl_int or forocl_int8'
    else
      call create_raw(a, kind, size(shape), shape, c_null_ptr, st, msg)
    end if
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_alloc

  ! forocl_scratch makes a a device array of the given kind and shape for
  ! a generated procedure's scratch, which keeps it between calls: an
  ! array a already is on the current device is kept (zero-filled again
  ! when zero is true), any other is made anew, zero-filled.
  subroutine forocl_scratch(a, kind, shape, zero, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, shape(:)
    logical, intent(in) :: zero
    integer, intent(out) :: st
    character(len=*), intent(inout) :: msg
    integer(c_int32_t), target :: zeros
    integer(c_int32_t) :: code
    st = 0
    if (.not. (ready .and. c_associated(a%mem) .and. a%context == context_id .and. a%kind == kind .and. &
        a%rank == size(shape))) then
      call forocl_alloc(a, kind, shape, st, msg)
    else if (any(a%shape(1:a%rank) /= shape)) then
      call forocl_alloc(a, kind, shape, st, msg)
    else if (zero .and. a%count > 0) then
      zeros = 0
      code = clEnqueueFillBuffer(g_queue, a%mem, c_loc(zeros), 4_c_size_t, 0_c_size_t, &
          int(a%count*kind_bytes(kind), c_size_t), 0_c_int32_t, c_null_ptr, c_null_ptr)
      if (g_trace) call trace(tr_fill, .false.)
      if (code /= 0) call cl_fail(code, 'clEnqueueFillBuffer', 'for a scratch array of shape ' // &
          shape_string(shape), st, msg)
    end if
  end subroutine forocl_scratch

  ! forocl_free releases device array a (nothing if it holds none).
  subroutine forocl_free(a)
    type(forocl_array), intent(inout) :: a
    integer(c_int32_t) :: code
    if (c_associated(a%mem)) then
      if (a%context == context_id .and. ready) then
        call args_forget(a%mem)
        code = clReleaseMemObject(a%mem)
        if (g_trace) call trace(tr_release, .false.)
        g_used = max(0_int64, g_used - a%count*kind_bytes(a%kind))
      end if
    end if
    a%mem = c_null_ptr
    a%host = c_null_ptr
    a%kind = 0
    a%rank = 0
    a%shape = 1
    a%count = 0
  end subroutine forocl_free

  ! Generated by internal/fortranrt (go generate ./internal/fortranrt), do not edit: create write read
  subroutine create_r4_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_real4, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_r4_1

  subroutine create_r4_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_real4, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_r4_2

  subroutine create_r4_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_real4, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_r4_3

  subroutine create_r8_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_real8, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_r8_1

  subroutine create_r8_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_real8, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_r8_2

  subroutine create_r8_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_real8, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_r8_3

  subroutine create_i4_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_int, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_i4_1

  subroutine create_i4_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_int, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_i4_2

  subroutine create_i4_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_int, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_i4_3

  subroutine create_i8_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_int8, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_i8_1

  subroutine create_i8_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_int8, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_i8_2

  subroutine create_i8_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call create_raw(a, forocl_int8, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine create_i8_3

  subroutine write_r4_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_real4, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_r4_1

  subroutine write_r4_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_real4, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_r4_2

  subroutine write_r4_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_real4, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_r4_3

  subroutine write_r8_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_real8, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_r8_1

  subroutine write_r8_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_real8, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_r8_2

  subroutine write_r8_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_real8, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_r8_3

  subroutine write_i4_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_int, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_i4_1

  subroutine write_i4_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_int, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_i4_2

  subroutine write_i4_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_int, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_i4_3

  subroutine write_i8_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_int8, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_i8_1

  subroutine write_i8_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_int8, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_i8_2

  subroutine write_i8_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call write_raw(a, forocl_int8, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine write_i8_3

  subroutine read_r4_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(inout), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_real4, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_r4_1

  subroutine read_r4_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(inout), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_real4, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_r4_2

  subroutine read_r4_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_float), intent(inout), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_real4, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_r4_3

  subroutine read_r8_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(inout), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_real8, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_r8_1

  subroutine read_r8_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(inout), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_real8, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_r8_2

  subroutine read_r8_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    real(c_double), intent(inout), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_real8, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_r8_3

  subroutine read_i4_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(inout), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_int, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_i4_1

  subroutine read_i4_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(inout), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_int, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_i4_2

  subroutine read_i4_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int), intent(inout), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_int, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_i4_3

  subroutine read_i8_1(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(inout), target, contiguous :: x(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_int8, 1, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_i8_1

  subroutine read_i8_2(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(inout), target, contiguous :: x(:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_int8, 2, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_i8_2

  subroutine read_i8_3(a, x, stat, errmsg)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), intent(inout), target, contiguous :: x(:,:,:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call read_raw(a, forocl_int8, 3, shape(x), p, st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine read_i8_3
  ! End of the generated specifics.

  ! ---------------------------------------------------------------------
  ! Applications: the device copies of forocl port's procedures
  !
  ! A procedure that forocl port rewrote calls, for each array dummy x,
  ! forocl_port_enter(a, x, access, proc, name) before it launches its
  ! kernels on device array a, and forocl_port_exit(a, x, access) after;
  ! access is forocl_in (read only), forocl_out or forocl_inout. In
  ! coherent mode (the default) enter creates a and uploads x, also for
  ! forocl_out (an array written only in its interior keeps its other
  ! elements), and exit reads out and inout arrays back into x and frees
  ! a: host code between calls sees and changes current data. In resident
  ! mode (below) the copies stay on the device.

  ! forocl_port_device is .false. when FOROCL_DEVICE is "host": the
  ! procedures of forocl port then run their original Fortran.
  logical function forocl_port_device()
    character(len=16) :: v
    if (port_host < 0) then
      call env('FOROCL_DEVICE', v)
      port_host = 0
      if (lower(trim(adjustl(v))) == 'host') port_host = 1
    end if
    forocl_port_device = port_host == 0
  end function forocl_port_device

  ! port_enter is forocl_port_enter for a host array at p (c_null_ptr when
  ! it is empty) of the given kind and shape, dummy name of procedure proc.
  subroutine port_enter(a, kind, shp, p, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer, intent(in) :: kind, shp(:), access
    type(c_ptr), intent(in) :: p
    character(len=*), intent(in) :: proc, name
    integer :: st
    integer(int64) :: nb
    character(len=forocl_msg_len) :: msg
    if (access < forocl_in .or. access > forocl_inout) then
      st = forocl_eusage
      msg = 'forocl_port_enter: access ' // itoa(int(access, int64)) // &
          ' is none of forocl_in, forocl_out, forocl_inout'
    else
      call release_dropped()
      call ensure(st, msg)
      if (g_trace .and. port_pending == 0) trace_procs = trace_procs + 1
      if (port_pending == 0) pool_call = pool_clock + 1
      trace_port = .true.
      nb = product(int(shp, int64))*kind_bytes(kind)
      if (st == 0 .and. c_associated(p)) call port_check(p, nb, kind, shp, access, proc, name, st, msg)
      if (st == 0 .and. resident_on() .and. c_associated(p)) then
        if (nb > forocl_small_bytes .or. overlaps_resident(transfer(p, 0_c_intptr_t), nb)) then
          call resident_enter(a, kind, shp, p, nb, access, proc, name, st, msg)
        else if (access == forocl_in) then   ! small, read only: a copy of its bytes
          call small_enter(a, kind, shp, p, nb, st, msg)
        else   ! small, written: passed as in coherent mode
          call create_raw(a, kind, size(shp), shp, p, st, msg)
        end if
      else if (st == 0) then
        call create_raw(a, kind, size(shp), shp, p, st, msg)
      end if
    end if
    trace_port = .false.
    port_pending = port_pending + 1
    if (st == forocl_edevice) msg = trim(msg) // new_line('a') // &
        'set FOROCL_DEVICE=host to run the procedures as Fortran on the host'
    if (st /= 0) msg = proc // ': array ' // name // ': ' // msg
    call forocl_report(st, msg)
  end subroutine port_enter

  ! port_exit is forocl_port_exit: see port_enter.
  subroutine port_exit(a, kind, shp, p, access)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, shp(:), access
    type(c_ptr), intent(in) :: p
    integer :: st
    character(len=forocl_msg_len) :: msg
    st = 0
    port_pending = max(0, port_pending - 1)
    trace_port = .true.
    if (a%slot == 0) then
      if (access /= forocl_in .and. c_associated(a%mem)) call read_raw(a, kind, size(shp), shp, p, st, msg)
      call forocl_free(a)
    end if
    call release_dropped()
    trace_port = .false.
    call forocl_report(st, msg)
  end subroutine port_exit

  ! Generated by internal/fortranrt (go generate ./internal/fortranrt), do not edit: enter exit
  subroutine enter_r4_1(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    real(c_float), intent(in), target, contiguous :: x(:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_real4, shape(x), p, access, proc, name)
  end subroutine enter_r4_1

  subroutine enter_r4_2(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    real(c_float), intent(in), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_real4, shape(x), p, access, proc, name)
  end subroutine enter_r4_2

  subroutine enter_r4_3(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    real(c_float), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_real4, shape(x), p, access, proc, name)
  end subroutine enter_r4_3

  subroutine enter_r8_1(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    real(c_double), intent(in), target, contiguous :: x(:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_real8, shape(x), p, access, proc, name)
  end subroutine enter_r8_1

  subroutine enter_r8_2(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    real(c_double), intent(in), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_real8, shape(x), p, access, proc, name)
  end subroutine enter_r8_2

  subroutine enter_r8_3(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    real(c_double), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_real8, shape(x), p, access, proc, name)
  end subroutine enter_r8_3

  subroutine enter_i4_1(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer(c_int32_t), intent(in), target, contiguous :: x(:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_int, shape(x), p, access, proc, name)
  end subroutine enter_i4_1

  subroutine enter_i4_2(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer(c_int32_t), intent(in), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_int, shape(x), p, access, proc, name)
  end subroutine enter_i4_2

  subroutine enter_i4_3(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer(c_int32_t), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_int, shape(x), p, access, proc, name)
  end subroutine enter_i4_3

  subroutine enter_i8_1(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_int8, shape(x), p, access, proc, name)
  end subroutine enter_i8_1

  subroutine enter_i8_2(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_int8, shape(x), p, access, proc, name)
  end subroutine enter_i8_2

  subroutine enter_i8_3(a, x, access, proc, name)
    type(forocl_array), intent(out) :: a
    integer(c_int64_t), intent(in), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    character(len=*), intent(in) :: proc, name
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_enter(a, forocl_int8, shape(x), p, access, proc, name)
  end subroutine enter_i8_3

  subroutine exit_r4_1(a, x, access)
    type(forocl_array), intent(inout) :: a
    real(c_float), target, contiguous :: x(:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_real4, shape(x), p, access)
  end subroutine exit_r4_1

  subroutine exit_r4_2(a, x, access)
    type(forocl_array), intent(inout) :: a
    real(c_float), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_real4, shape(x), p, access)
  end subroutine exit_r4_2

  subroutine exit_r4_3(a, x, access)
    type(forocl_array), intent(inout) :: a
    real(c_float), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_real4, shape(x), p, access)
  end subroutine exit_r4_3

  subroutine exit_r8_1(a, x, access)
    type(forocl_array), intent(inout) :: a
    real(c_double), target, contiguous :: x(:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_real8, shape(x), p, access)
  end subroutine exit_r8_1

  subroutine exit_r8_2(a, x, access)
    type(forocl_array), intent(inout) :: a
    real(c_double), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_real8, shape(x), p, access)
  end subroutine exit_r8_2

  subroutine exit_r8_3(a, x, access)
    type(forocl_array), intent(inout) :: a
    real(c_double), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_real8, shape(x), p, access)
  end subroutine exit_r8_3

  subroutine exit_i4_1(a, x, access)
    type(forocl_array), intent(inout) :: a
    integer(c_int32_t), target, contiguous :: x(:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_int, shape(x), p, access)
  end subroutine exit_i4_1

  subroutine exit_i4_2(a, x, access)
    type(forocl_array), intent(inout) :: a
    integer(c_int32_t), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_int, shape(x), p, access)
  end subroutine exit_i4_2

  subroutine exit_i4_3(a, x, access)
    type(forocl_array), intent(inout) :: a
    integer(c_int32_t), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_int, shape(x), p, access)
  end subroutine exit_i4_3

  subroutine exit_i8_1(a, x, access)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), target, contiguous :: x(:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_int8, shape(x), p, access)
  end subroutine exit_i8_1

  subroutine exit_i8_2(a, x, access)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), target, contiguous :: x(:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_int8, shape(x), p, access)
  end subroutine exit_i8_2

  subroutine exit_i8_3(a, x, access)
    type(forocl_array), intent(inout) :: a
    integer(c_int64_t), target, contiguous :: x(:,:,:)
    integer, intent(in) :: access
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(x) > 0) p = c_loc(x)
    call port_exit(a, forocl_int8, shape(x), p, access)
  end subroutine exit_i8_3
  ! End of the generated specifics.

  ! ---------------------------------------------------------------------
  ! Resident mode
  !
  ! With FOROCL_RESIDENT=1 (or forocl_resident(.true.)), arrays stay on the
  ! device between the calls of forocl port's procedures: a table holds
  ! one device copy per host array, found by the address of its first
  ! element, its size in bytes and its kind. forocl_port_enter finds the
  ! copy, or creates and uploads it; forocl_port_exit does nothing. The
  ! host says when it reads or writes such an array between calls:
  ! forocl_update_host(x) before reading it (the download happens only if
  ! the device wrote it since), forocl_update_device(x) after writing it.
  ! Both take any contiguous array, and update each copy that holds part
  ! of it where they overlap. forocl_release(x) frees the copies within x
  ! and forocl_finish() every copy; both first copy back
  ! what the device wrote since the host last updated it, so no result is
  ! lost: release an array before deallocating it (or before it goes out
  ! of scope), since its address is where that copy goes. An array never
  ! passed to a procedure is no business of the table: the updates and
  ! forocl_release do nothing for it, as in coherent mode. Pass the arrays
  ! that a procedure writes whole or as contiguous sections: a section with
  ! a stride reaches the procedure as the compiler's temporary copy, whose
  ! device copy would outlive it.
  !
  ! A host array that overlaps a copy without being it (another array at
  ! a reused address, a section of a resident array passed as a whole) is
  ! given its own copy once the old one is dropped, which happens only when
  ! the device did not write the old one since the host last had it;
  ! otherwise the call stops and says which array to update or release.
  ! FOROCL_CHECK=1 keeps a checksum of each copy's host array, taken when
  ! it is uploaded or updated; forocl_port_enter recomputes it and stops,
  ! naming the array and the procedure, when the host changed the array
  ! without forocl_update_device. Without FOROCL_CHECK, a call costs no
  ! host work beyond a look-up in the table.
  !
  ! Small arrays, of at most forocl_small_bytes (4 KiB), are not kept:
  ! each call passes their current values and reads back those it writes,
  ! as in coherent mode, so the host writes and reads them freely, without
  ! updates. Those a procedure only reads are found, by their bytes, among
  ! the last pool_max (64) such copies, which stay on the device (a list
  ! of fields to exchange, the same each step, is uploaded once); a new
  ! value is uploaded when its buffer is created, without waiting for
  ! the kernels queued before.
  ! These are the arrays of host control (which fields a halo exchange
  ! moves, a tile's bounds, a few coefficients), which the host changes
  ! between calls; a transfer this small costs about a launch, and a
  ! field of a grid is far larger (64 x 64 real(8) is 32 KiB). Those the
  ! device writes come back at each call too: a copy kept on the device
  ! would save little, and this way a small array is always current on
  ! the host, whoever wrote it last. A small array that overlaps a
  ! resident copy (a short section of a resident array) is the exception:
  ! it is handled as any resident array, so the two never disagree.

  ! forocl_resident turns resident mode on or off for the calls that
  ! follow (it starts as FOROCL_RESIDENT says). Turning it off first does
  ! what forocl_finish does to the resident copies.
  subroutine forocl_resident(on)
    logical, intent(in) :: on
    integer :: st
    character(len=forocl_msg_len) :: msg
    logical :: was
    was = resident_on()   ! reads FOROCL_CHECK too
    if (was .and. .not. on) then
      call resident_flush(st, msg)
      call forocl_report(st, msg)
    end if
    res_mode = merge(1, 0, on)
  end subroutine forocl_resident

  ! resident_on reports whether resident mode is on, reading
  ! FOROCL_RESIDENT and FOROCL_CHECK on first use.
  logical function resident_on()
    character(len=16) :: v
    if (res_mode < 0) then
      call env('FOROCL_RESIDENT', v)
      res_mode = merge(1, 0, env_true(v))
      call env('FOROCL_CHECK', v)
      res_check = env_true(v)
    end if
    resident_on = res_mode == 1
  end function resident_on

  ! env_true reports whether an environment variable's value turns a
  ! mode on: anything but empty, 0, false, no or off.
  logical function env_true(v)
    character(len=*), intent(in) :: v
    character(len=len(v)) :: s
    s = lower(adjustl(v))
    env_true = .not. (s == '' .or. s == '0' .or. s == 'false' .or. s == 'no' .or. s == 'off')
  end function env_true

  ! resident_enter is port_enter in resident mode, for a non-empty host
  ! array at p of nb bytes.
  subroutine resident_enter(a, kind, shp, p, nb, access, proc, name, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, shp(:), access
    type(c_ptr), intent(in) :: p
    integer(int64), intent(in) :: nb
    character(len=*), intent(in) :: proc, name
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_intptr_t) :: at
    integer :: i, hit
    at = transfer(p, at)
    st = 0
    do i = nres, 1, -1
      if (res(i)%addr == at .and. res(i)%bytes == nb .and. res(i)%a%kind == kind) cycle
      if (at < res(i)%addr + res(i)%bytes .and. res(i)%addr < at + nb) then
        call resident_drop(i, st, msg)
        if (st /= 0) return
      end if
    end do
    hit = find_exact(at, nb, kind)
    if (hit == 0) then
      call create_raw(a, kind, size(shp), shp, p, st, msg)
      if (st /= 0) return
      call resident_add(a, at, nb)
      hit = nres
      res(hit)%what = 'array ' // name // ' of ' // proc
    else if (res_check) then
      if (checksum(p, nb) /= res(hit)%sum) then
        st = forocl_eusage
        msg = 'FOROCL_CHECK: the host changed it since it was last copied to or from the device, ' // &
            'and the device would compute with its old copy: call forocl_update_device(' // name // &
            ') after the host writes it'
        return
      end if
    end if
    a = res(hit)%a
    a%rank = size(shp)
    a%shape = 1
    a%shape(1:size(shp)) = shp
    a%slot = hit
    if (access /= forocl_in) res(hit)%newer = .true.
  end subroutine resident_enter

  ! small_enter is port_enter in resident mode for a small host array at
  ! p of nb bytes that the procedure only reads: a's buffer is the pool's
  ! copy of those bytes, found or made (replacing the copy used longest
  ! ago; when the call under way uses all pool_max, a copy of its own).
  subroutine small_enter(a, kind, shp, p, nb, st, msg)
    type(forocl_array), intent(inout) :: a
    integer, intent(in) :: kind, shp(:)
    type(c_ptr), intent(in) :: p
    integer(int64), intent(in) :: nb
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(int8), pointer :: b(:)
    integer(int64) :: sum
    integer :: i, pick
    st = 0
    call c_f_pointer(p, b, [nb])
    sum = checksum(p, nb)
    pool_clock = pool_clock + 1
    pick = 0
    do i = 1, npool
      if (pool(i)%bytes /= nb .or. pool(i)%sum /= sum .or. pool(i)%a%kind /= kind) cycle
      if (all(pool(i)%data == b)) then
        pick = i
        exit
      end if
    end do
    if (pick == 0) then
      if (.not. allocated(pool)) allocate(pool(pool_max))
      if (npool < pool_max) then
        npool = npool + 1
        pick = npool
      else
        pick = minloc(pool(1:npool)%used, 1)
        if (pool(pick)%used >= pool_call) then   ! all in use by this call: one of its own
          call create_raw(a, kind, size(shp), shp, p, st, msg)
          return
        end if
        call defer_release(pool(pick)%a%mem, pool(pick)%bytes)
        pool(pick)%a = forocl_array()
      end if
      call create_raw(pool(pick)%a, kind, size(shp), shp, p, st, msg)
      if (st /= 0) then
        pool(pick) = pool(npool)
        npool = npool - 1
        return
      end if
      pool(pick)%bytes = nb
      pool(pick)%sum = sum
      pool(pick)%data = b
    end if
    pool(pick)%used = pool_clock
    a = pool(pick)%a
    a%rank = size(shp)
    a%shape = 1
    a%shape(1:size(shp)) = shp
    a%slot = -1   ! not the caller's to free
    a%host = c_loc(pool(pick)%data)   ! p may be a copy of the caller's, gone at return
  end subroutine small_enter

  ! overlaps_resident reports whether the nb bytes of host memory at at
  ! hold part of an array that has a resident copy.
  logical function overlaps_resident(at, nb)
    integer(c_intptr_t), intent(in) :: at
    integer(int64), intent(in) :: nb
    integer :: i
    overlaps_resident = .false.
    do i = 1, nres
      if (at < res(i)%addr + res(i)%bytes .and. res(i)%addr < at + nb) overlaps_resident = .true.
    end do
  end function overlaps_resident

  ! find_exact is the entry of the host array at at of nb bytes and the
  ! given kind, or 0.
  integer function find_exact(at, nb, kind)
    integer(c_intptr_t), intent(in) :: at
    integer(int64), intent(in) :: nb
    integer, intent(in) :: kind
    integer :: i
    find_exact = 0
    do i = 1, nres
      if (res(i)%addr == at .and. res(i)%bytes == nb .and. res(i)%a%kind == kind) then
        find_exact = i
        return
      end if
    end do
  end function find_exact

  ! resident_add appends device array a, the copy of the host array at at
  ! of nb bytes, to the table.
  subroutine resident_add(a, at, nb)
    type(forocl_array), intent(in) :: a
    integer(c_intptr_t), intent(in) :: at
    integer(int64), intent(in) :: nb
    type(resident_copy), allocatable :: grown(:)
    if (.not. allocated(res)) allocate(res(16))
    if (nres == size(res)) then
      allocate(grown(2*nres))
      grown(1:nres) = res
      call move_alloc(grown, res)
    end if
    nres = nres + 1
    res(nres) = resident_copy(a=a, addr=at, bytes=nb)
    res(nres)%a%slot = nres
    if (res_check) res(nres)%sum = checksum(transfer(at, c_null_ptr), nb)
  end subroutine resident_add

  ! resident_drop removes entry i, which another host array overlaps, from
  ! the table. Its buffer is released once no port call is under way
  ! (a procedure may have passed it already). A copy the device wrote
  ! since the host last had it is not dropped: that is an error.
  subroutine resident_drop(i, st, msg)
    integer, intent(in) :: i
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = 0
    if (res(i)%newer) then
      st = forocl_eusage
      msg = 'it overlaps the device copy of ' // trim(res(i)%what) // ', which the device ' // &
          'wrote since the host last had it: call forocl_update_host or forocl_release on that array first' // &
          ' (or, when this actual argument is smaller than its declared bounds, so that they run into that ' // &
          'array, pass one of at least the declared size)'
      return
    end if
    call defer_release(res(i)%a%mem, res(i)%bytes)
    res(i) = res(nres)
    nres = nres - 1
  end subroutine resident_drop

  ! defer_release releases buffer mem of nb bytes once no port call is
  ! under way (release_dropped).
  subroutine defer_release(mem, nb)
    type(c_ptr), intent(in) :: mem
    integer(int64), intent(in) :: nb
    type(c_ptr), allocatable :: grown(:)
    if (.not. allocated(dropped)) allocate(dropped(8))
    if (ndropped == size(dropped)) then
      allocate(grown(2*ndropped))
      grown(1:ndropped) = dropped
      call move_alloc(grown, dropped)
    end if
    ndropped = ndropped + 1
    dropped(ndropped) = mem
    g_used = max(0_int64, g_used - nb)
  end subroutine defer_release

  ! release_dropped releases the buffers of dropped entries when no port
  ! call is under way.
  subroutine release_dropped()
    integer :: i
    integer(c_int32_t) :: code
    if (port_pending > 0) return
    do i = 1, ndropped
      call args_forget(dropped(i))
      if (ready) code = clReleaseMemObject(dropped(i))
      if (ready .and. g_trace) call trace(tr_release, .false.)
    end do
    ndropped = 0
  end subroutine release_dropped

  ! resident_flush copies back every resident copy that the device wrote
  ! since the host last had it, then frees them all.
  subroutine resident_flush(st, msg)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer :: i
    st = 0
    msg = ''
    do i = 1, nres
      if (res(i)%newer .and. st == 0) call move_bytes(.false., res(i), 0_int64, res(i)%bytes, &
          transfer(res(i)%addr, c_null_ptr), st, msg)
      res(i)%a%slot = 0
      call forocl_free(res(i)%a)
    end do
    nres = 0
    do i = 1, npool
      call forocl_free(pool(i)%a)
    end do
    npool = 0
    call release_dropped()
  end subroutine resident_flush

  ! move_bytes copies nb bytes between the host at host and copy r at
  ! byte offset off: up (to the device) or down, and waits.
  subroutine move_bytes(up, r, off, nb, host, st, msg)
    logical, intent(in) :: up
    type(resident_copy), intent(in) :: r
    integer(int64), intent(in) :: off, nb
    type(c_ptr), intent(in) :: host
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_int32_t) :: code
    st = 0
    if (up) then
      code = clEnqueueWriteBuffer(g_queue, r%a%mem, 1_c_int32_t, int(off, c_size_t), int(nb, c_size_t), host, &
          0_c_int32_t, c_null_ptr, prof_event())
      if (g_trace) call trace(tr_write, .true.)
      if (code == 0) call prof_record('[upload]', nb)
    else
      code = clEnqueueReadBuffer(g_queue, r%a%mem, 1_c_int32_t, int(off, c_size_t), int(nb, c_size_t), host, &
          0_c_int32_t, c_null_ptr, prof_event())
      if (g_trace) call trace(tr_read, .true.)
      if (code == 0) call prof_record('[download]', nb)
    end if
    if (code /= 0) call cl_fail(code, merge('clEnqueueWriteBuffer', 'clEnqueueReadBuffer ', up), &
        'for the device copy of ' // trim(r%what), st, msg)
  end subroutine move_bytes

  ! sync_raw is forocl_update_host (op sync_host), forocl_update_device
  ! (sync_device) and forocl_release (sync_release) for the host array
  ! of n elements of the given kind from first to last: each resident copy
  ! that holds part of it is updated where they overlap (copies are byte
  ! images of host memory, whatever their kind), or released.
  subroutine sync_raw(op, first, last, n, kind)
    integer, intent(in) :: op, kind
    type(c_ptr), intent(in) :: first, last
    integer(int64), intent(in) :: n
    integer(c_intptr_t) :: at, lo, hi
    logical :: whole
    integer :: i, st
    character(len=forocl_msg_len) :: msg
    character(len=*), parameter :: names(3) = [character(len=20) :: 'forocl_update_host', &
        'forocl_update_device', 'forocl_release']
    if (nres == 0) return
    at = transfer(first, at)
    st = 0
    if (transfer(last, at) - at /= (n - 1)*kind_bytes(kind)) then
      st = forocl_eusage
      msg = trim(names(op)) // ': the array is not contiguous (a section with a stride?); pass the ' // &
          'whole array or a contiguous part of it'
    end if
    do i = nres, 1, -1   ! backwards: a release moves the last entry into i
      if (st /= 0) exit
      lo = max(at, res(i)%addr)
      hi = min(at + n*kind_bytes(kind), res(i)%addr + res(i)%bytes)
      if (lo >= hi) cycle
      whole = lo == res(i)%addr .and. hi == res(i)%addr + res(i)%bytes
      if (op == sync_release .and. .not. whole) then
        st = forocl_eusage
        msg = 'forocl_release: the array is part of ' // trim(res(i)%what) // ', whose device copy ' // &
            'holds more: release that array'
      else if (op == sync_device .or. res(i)%newer) then
        call move_bytes(op == sync_device, res(i), int(lo - res(i)%addr, int64), int(hi - lo, int64), &
            transfer(lo, c_null_ptr), st, msg)
        if (whole) res(i)%newer = .false.
        if (res_check) res(i)%sum = checksum(transfer(res(i)%addr, c_null_ptr), res(i)%bytes)
      end if
      if (st == 0 .and. op == sync_release) call resident_drop(i, st, msg)
    end do
    call forocl_report(st, msg)
  end subroutine sync_raw

  ! checksum is a Fletcher-style sum of the nb bytes (a multiple of 4) at
  ! p: any change of one 32-bit word changes it.
  integer(int64) function checksum(p, nb)
    type(c_ptr), intent(in) :: p
    integer(int64), intent(in) :: nb
    integer(c_int32_t), pointer :: w(:)
    integer(int64), parameter :: prime = 4294967291_int64
    integer(int64) :: s1, s2, i, j
    call c_f_pointer(p, w, [nb/4])
    s1 = 1
    s2 = 0
    do i = 1, nb/4, 4096
      do j = i, min(i + 4095, nb/4)
        s1 = s1 + iand(int(w(j), int64), mask32)
        s2 = s2 + s1
      end do
      s1 = mod(s1, prime)
      s2 = mod(s2, prime)
    end do
    checksum = ieor(shiftl(s2, 32), s1)
  end function checksum

  ! Generated by internal/fortranrt (go generate ./internal/fortranrt), do not edit: host device release
  subroutine host_r4_1(x)
    real(c_float), intent(inout), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_real4)
  end subroutine host_r4_1

  subroutine host_r4_2(x)
    real(c_float), intent(inout), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_real4)
  end subroutine host_r4_2

  subroutine host_r4_3(x)
    real(c_float), intent(inout), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_real4)
  end subroutine host_r4_3

  subroutine host_r8_1(x)
    real(c_double), intent(inout), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_real8)
  end subroutine host_r8_1

  subroutine host_r8_2(x)
    real(c_double), intent(inout), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_real8)
  end subroutine host_r8_2

  subroutine host_r8_3(x)
    real(c_double), intent(inout), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_real8)
  end subroutine host_r8_3

  subroutine host_i4_1(x)
    integer(c_int32_t), intent(inout), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_int)
  end subroutine host_i4_1

  subroutine host_i4_2(x)
    integer(c_int32_t), intent(inout), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_int)
  end subroutine host_i4_2

  subroutine host_i4_3(x)
    integer(c_int32_t), intent(inout), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_int)
  end subroutine host_i4_3

  subroutine host_i8_1(x)
    integer(c_int64_t), intent(inout), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_int8)
  end subroutine host_i8_1

  subroutine host_i8_2(x)
    integer(c_int64_t), intent(inout), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_int8)
  end subroutine host_i8_2

  subroutine host_i8_3(x)
    integer(c_int64_t), intent(inout), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_host, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_int8)
  end subroutine host_i8_3

  subroutine device_r4_1(x)
    real(c_float), intent(in), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_real4)
  end subroutine device_r4_1

  subroutine device_r4_2(x)
    real(c_float), intent(in), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_real4)
  end subroutine device_r4_2

  subroutine device_r4_3(x)
    real(c_float), intent(in), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_real4)
  end subroutine device_r4_3

  subroutine device_r8_1(x)
    real(c_double), intent(in), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_real8)
  end subroutine device_r8_1

  subroutine device_r8_2(x)
    real(c_double), intent(in), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_real8)
  end subroutine device_r8_2

  subroutine device_r8_3(x)
    real(c_double), intent(in), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_real8)
  end subroutine device_r8_3

  subroutine device_i4_1(x)
    integer(c_int32_t), intent(in), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_int)
  end subroutine device_i4_1

  subroutine device_i4_2(x)
    integer(c_int32_t), intent(in), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_int)
  end subroutine device_i4_2

  subroutine device_i4_3(x)
    integer(c_int32_t), intent(in), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_int)
  end subroutine device_i4_3

  subroutine device_i8_1(x)
    integer(c_int64_t), intent(in), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_int8)
  end subroutine device_i8_1

  subroutine device_i8_2(x)
    integer(c_int64_t), intent(in), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_int8)
  end subroutine device_i8_2

  subroutine device_i8_3(x)
    integer(c_int64_t), intent(in), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_device, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_int8)
  end subroutine device_i8_3

  subroutine release_r4_1(x)
    real(c_float), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_real4)
  end subroutine release_r4_1

  subroutine release_r4_2(x)
    real(c_float), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_real4)
  end subroutine release_r4_2

  subroutine release_r4_3(x)
    real(c_float), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_real4)
  end subroutine release_r4_3

  subroutine release_r8_1(x)
    real(c_double), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_real8)
  end subroutine release_r8_1

  subroutine release_r8_2(x)
    real(c_double), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_real8)
  end subroutine release_r8_2

  subroutine release_r8_3(x)
    real(c_double), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_real8)
  end subroutine release_r8_3

  subroutine release_i4_1(x)
    integer(c_int32_t), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_int)
  end subroutine release_i4_1

  subroutine release_i4_2(x)
    integer(c_int32_t), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_int)
  end subroutine release_i4_2

  subroutine release_i4_3(x)
    integer(c_int32_t), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_int)
  end subroutine release_i4_3

  subroutine release_i8_1(x)
    integer(c_int64_t), target :: x(:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1)), &
        c_loc(x(size(x, 1))), size(x, kind=int64), forocl_int8)
  end subroutine release_i8_1

  subroutine release_i8_2(x)
    integer(c_int64_t), target :: x(:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1)), &
        c_loc(x(size(x, 1), size(x, 2))), size(x, kind=int64), forocl_int8)
  end subroutine release_i8_2

  subroutine release_i8_3(x)
    integer(c_int64_t), target :: x(:,:,:)
    if (size(x) > 0) call sync_raw(sync_release, c_loc(x(1, 1, 1)), &
        c_loc(x(size(x, 1), size(x, 2), size(x, 3))), size(x, kind=int64), forocl_int8)
  end subroutine release_i8_3
  ! End of the generated specifics.

  ! ---------------------------------------------------------------------
  ! Profiling
  !
  ! With FOROCL_PROFILE=1 the queue records OpenCL profiling events for
  ! every kernel launch and every transfer between host and device, and
  ! forocl_finish prints, on the error unit, a table of each kernel's
  ! launches and device time and of the uploads and downloads with their
  ! bytes, most time first, as nvprof's summary does; the table then
  ! starts again. Events are read back every 4096 commands (which waits
  ! for the device) and at forocl_finish. A program that never calls
  ! forocl_finish (an application ported unchanged) gets the table when
  ! it ends: prof_at_exit is registered with the C library's atexit.

  ! prof_event is where an enqueue puts its event: g_ev when profiling,
  ! else nowhere.
  function prof_event() result(p)
    type(c_ptr) :: p
    p = c_null_ptr
    if (g_profile) p = c_loc(g_ev)
  end function prof_event

  ! prof_record counts the command whose event is in g_ev under row name
  ! (a kernel, [upload] or [download]) with the bytes it moved.
  subroutine prof_record(name, nb)
    character(len=*), intent(in) :: name
    integer(int64), intent(in) :: nb
    type(prof_pending), allocatable :: evs(:)
    integer :: r
    if (.not. g_profile) return
    call prof_count(name, nb, r)
    if (nprof_evs == size(prof_evs)) call prof_harvest()
    if (nprof_evs == size(prof_evs)) then   ! harvest could not wait: keep them all
      allocate(evs(2*nprof_evs))
      evs(1:nprof_evs) = prof_evs
      call move_alloc(evs, prof_evs)
    end if
    nprof_evs = nprof_evs + 1
    prof_evs(nprof_evs) = prof_pending(ev=g_ev, row=r)
    g_ev = c_null_ptr
  end subroutine prof_record

  ! prof_count counts a command under row name (r) with the bytes it moved,
  ! without an event: a small upload made when its buffer was created.
  subroutine prof_count(name, nb, r)
    character(len=*), intent(in) :: name
    integer(int64), intent(in) :: nb
    integer, intent(out) :: r
    type(prof_row), allocatable :: rows(:)
    r = 0
    if (.not. g_profile) return
    if (.not. allocated(prof_rows)) allocate(prof_rows(16), prof_evs(4096))
    do r = 1, nprof_rows
      if (prof_rows(r)%name == name) exit
    end do
    if (r > nprof_rows) then
      if (nprof_rows == size(prof_rows)) then
        allocate(rows(2*nprof_rows))
        rows(1:nprof_rows) = prof_rows
        call move_alloc(rows, prof_rows)
      end if
      nprof_rows = r
      prof_rows(r) = prof_row(name=name)
    end if
    prof_rows(r)%calls = prof_rows(r)%calls + 1
    prof_rows(r)%bytes = prof_rows(r)%bytes + nb
  end subroutine prof_count

  ! prof_harvest waits for the device and adds the device time of every
  ! recorded event to its row.
  subroutine prof_harvest()
    integer :: i
    integer(c_int32_t) :: code
    integer(c_int64_t), target :: t0, t1
    if (nprof_evs == 0 .or. .not. ready) return
    code = clFinish(g_queue)
    if (g_trace) call trace(tr_finish, .true.)
    if (code /= 0) return
    do i = 1, nprof_evs
      if (g_trace) call trace(tr_event, .false.)
      t0 = 0
      t1 = 0
      code = clGetEventProfilingInfo(prof_evs(i)%ev, cl_profiling_command_start, 8_c_size_t, c_loc(t0), c_null_ptr)
      if (code == 0) code = clGetEventProfilingInfo(prof_evs(i)%ev, cl_profiling_command_end, 8_c_size_t, &
          c_loc(t1), c_null_ptr)
      if (code == 0 .and. t1 > t0) prof_rows(prof_evs(i)%row)%ns = prof_rows(prof_evs(i)%row)%ns + (t1 - t0)
      code = clReleaseEvent(prof_evs(i)%ev)
    end do
    nprof_evs = 0
  end subroutine prof_harvest

  ! prof_print writes the table (see Profiling) and empties it.
  ! prof_at_exit prints what the profile holds when the program ends
  ! (STOP, END PROGRAM or exit), after waiting for the device.
  subroutine prof_at_exit() bind(C)
    integer(c_int32_t) :: code
    if (ready) code = clFinish(g_queue)
    call prof_print()
    call trace_print()
  end subroutine prof_at_exit

  subroutine prof_print()
    integer :: i, r, order(max(1, nprof_rows))
    logical :: done(max(1, nprof_rows))
    integer(int64) :: total
    call prof_harvest()
    if (nprof_rows == 0) return
    total = max(1_int64, sum(prof_rows(1:nprof_rows)%ns))
    done = .false.
    do i = 1, nprof_rows
      r = maxloc(prof_rows(1:nprof_rows)%ns, 1, mask=.not. done(1:nprof_rows))
      order(i) = r
      done(r) = .true.
    end do
    write (error_unit, '(a)') 'forocl profile (FOROCL_PROFILE=1) on ' // trim(g_name) // &
        ': device time of each kernel and transfer'
    write (error_unit, '(a)') '  time(%)    time(ms)      calls      avg(us)           bytes  name'
    do i = 1, nprof_rows
      r = order(i)
      write (error_unit, '(f9.2, f12.3, 1x, i10, 1x, f12.3, i16, 2x, a)') 100d0*prof_rows(r)%ns/total, &
          prof_rows(r)%ns*1d-6, prof_rows(r)%calls, prof_rows(r)%ns*1d-3/max(1_int64, prof_rows(r)%calls), &
          prof_rows(r)%bytes, trim(prof_rows(r)%name)
    end do
    nprof_rows = 0
  end subroutine prof_print

  ! ---------------------------------------------------------------------
  ! Tracing
  !
  ! With FOROCL_TRACE=1 the runtime counts its OpenCL calls, per entry
  ! point, and those that make the host wait for the device (a blocking
  ! transfer, clFinish); forocl_finish and the end of the program print
  ! the counts on the error unit, then they start again. "Unasked" waits
  ! are those inside forocl_port_enter/exit, which the host did not ask
  ! for: in resident mode only the first upload of each array, so a time
  ! step of kernels queues without waiting, except where a result is read
  ! (a reduction, forocl_read, forocl_update_host) or the host announces a
  ! write (forocl_update_device). "Kept" arguments are kernel arguments
  ! that had the value already, so clSetKernelArg was not called again;
  ! "element reads from the host" are host code's reads of an element
  ! (forocl_read_elem) of a small array the call only reads, from the
  ! runtime's copy of its bytes (resident mode): no transfer, no wait.

  ! trace counts one call of OpenCL entry point op (tr_*); wait: it made
  ! the host wait for the device.
  subroutine trace(op, wait)
    integer, intent(in) :: op
    logical, intent(in) :: wait
    trace_calls(op) = trace_calls(op) + 1
    if (.not. wait) return
    trace_waits(op) = trace_waits(op) + 1
    if (trace_port) trace_unasked = trace_unasked + 1
  end subroutine trace

  ! trace_print writes the counts (see Tracing) and empties them.
  subroutine trace_print()
    integer :: i
    if (.not. g_trace .or. (all(trace_calls == 0) .and. trace_procs == 0)) return
    write (error_unit, '(a)') 'forocl trace (FOROCL_TRACE=1) on ' // trim(g_name) // ': OpenCL calls of the runtime'
    write (error_unit, '(a)') '       calls       waits  name'
    do i = 1, ntrace
      if (trace_calls(i) > 0) write (error_unit, '(2i12, 2x, a)') trace_calls(i), trace_waits(i), &
          trim(trace_names(i))
    end do
    write (error_unit, '(i12, 2x, a)') trace_procs, 'port calls (forocl port''s procedures)'
    write (error_unit, '(i12, 2x, a)') trace_kept, 'arguments kept (unchanged, not set again)'
    write (error_unit, '(i12, 2x, a)') trace_unasked, 'unasked waits (inside forocl_port_enter/exit)'
    write (error_unit, '(i12, 2x, a)') trace_host_reads, 'element reads from the host (no wait)'
    trace_calls = 0
    trace_waits = 0
    trace_procs = 0
    trace_kept = 0
    trace_unasked = 0
    trace_host_reads = 0
  end subroutine trace_print

  ! ---------------------------------------------------------------------
  ! Programs and the binary cache

  ! forocl_current reports whether prog was built on the current device.
  logical function forocl_current(prog)
    type(forocl_program), intent(in) :: prog
    forocl_current = ready .and. c_associated(prog%h) .and. prog%context == context_id
  end function forocl_current

  ! forocl_build builds OpenCL C source for the device with the given
  ! clBuildProgram options, through the binary cache. A failed build's
  ! message holds the device, the options and the compiler's log.
  subroutine forocl_build(prog, source, options, stat, errmsg)
    type(forocl_program), intent(inout) :: prog
    character(len=*), intent(in) :: source, options
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    character(len=:), allocatable :: dir, key, log
    integer(int8), allocatable :: bin(:)
    integer(int8) :: secret(32)
    type(field) :: fields(5)
    logical :: ok
    call ensure(st, msg)
    if (st == 0) then
      prog%h = c_null_ptr
      prog%cached = .false.
      call cache_dir(dir)
      if (dir /= '') then
        if (.not. make_dirs(dir)) dir = ''
      end if
      if (dir /= '') then
        call cache_secret(dir, secret, ok)
        if (.not. ok) dir = ''
      end if
      if (dir /= '') then
        call cache_fields(options, source, fields)
        key = cache_key(fields)
        call cache_read(dir // '/' // key // '.bin', secret, fields, log, bin, ok)
        if (ok) then
          prog%h = from_binary(bin, options)
          prog%cached = c_associated(prog%h)
        end if
      end if
      if (.not. prog%cached) then
        call from_source(prog%h, source, options, log, st, msg)
        if (st == 0 .and. dir /= '') then
          call program_binary(prog%h, bin, ok)
          if (ok) call cache_write(dir, key, secret, fields, log, bin)
        end if
      end if
      prog%context = context_id
    end if
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_build

  ! c_string copies s into a NUL-terminated C string.
  subroutine c_string(s, cs)
    character(len=*), intent(in) :: s
    character(kind=c_char), allocatable, intent(out) :: cs(:)
    integer :: i
    allocate(cs(len(s) + 1))
    do i = 1, len(s)
      cs(i) = s(i:i)
    end do
    cs(len(s) + 1) = c_null_char
  end subroutine c_string

  subroutine from_source(h, source, options, log, st, msg)
    type(c_ptr), intent(out) :: h
    character(len=*), intent(in) :: source, options
    character(len=:), allocatable, intent(out) :: log
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    character(kind=c_char), allocatable, target :: cs(:), copts(:)
    type(c_ptr), target :: strs(1), devs(1)
    integer(c_size_t), target :: lens(1)
    integer(c_int32_t), target :: code
    integer(c_int32_t) :: rc
    st = 0
    msg = ''
    log = ''
    call c_string(source, cs)
    strs(1) = c_loc(cs)
    lens(1) = len(source, c_size_t)
    h = clCreateProgramWithSource(g_context, 1_c_int32_t, c_loc(strs), c_loc(lens), c_loc(code))
    if (code /= 0 .or. .not. c_associated(h)) then
      if (code == 0) code = -44
      call cl_fail(code, 'clCreateProgramWithSource', 'on ' // trim(g_name), st, msg)
      h = c_null_ptr
      return
    end if
    call c_string(options, copts)
    devs(1) = g_device
    code = clBuildProgram(h, 1_c_int32_t, c_loc(devs), c_loc(copts), c_null_funptr, c_null_ptr)
    log = build_log(h)
    if (code /= 0) then
      call cl_fail(code, 'clBuildProgram', 'on ' // trim(g_name) // ' (options "' // options // '"):' // &
          new_line('a') // log, st, msg)
      rc = clReleaseProgram(h)
      h = c_null_ptr
    end if
  end subroutine from_source

  function build_log(h) result(s)
    type(c_ptr), intent(in) :: h
    character(len=:), allocatable :: s
    integer(c_size_t), target :: n
    character(kind=c_char), allocatable, target :: buf(:)
    s = ''
    n = 0
    if (clGetProgramBuildInfo(h, g_device, cl_program_build_log, 0_c_size_t, c_null_ptr, c_loc(n)) /= 0) return
    if (n == 0) return
    allocate(buf(n))
    if (clGetProgramBuildInfo(h, g_device, cl_program_build_log, n, c_loc(buf), c_null_ptr) /= 0) return
    s = c_text(buf)
  end function build_log

  ! from_binary builds a program from a cached binary; null on any failure.
  function from_binary(bin, options) result(h)
    integer(int8), intent(in), target :: bin(:)
    character(len=*), intent(in) :: options
    type(c_ptr) :: h
    type(c_ptr), target :: devs(1), bins(1)
    integer(c_size_t), target :: lens(1)
    integer(c_int32_t), target :: status, code
    character(kind=c_char), allocatable, target :: copts(:)
    integer(c_int32_t) :: rc
    h = c_null_ptr
    if (size(bin) == 0) return
    devs(1) = g_device
    lens(1) = size(bin, kind=c_size_t)
    bins(1) = c_loc(bin)
    status = 0
    h = clCreateProgramWithBinary(g_context, 1_c_int32_t, c_loc(devs), c_loc(lens), c_loc(bins), &
        c_loc(status), c_loc(code))
    if (code /= 0 .or. status /= 0 .or. .not. c_associated(h)) then
      if (c_associated(h)) rc = clReleaseProgram(h)
      h = c_null_ptr
      return
    end if
    call c_string(options, copts)
    if (clBuildProgram(h, 1_c_int32_t, c_loc(devs), c_loc(copts), c_null_funptr, c_null_ptr) /= 0) then
      rc = clReleaseProgram(h)
      h = c_null_ptr
    end if
  end function from_binary

  ! program_binary returns the device binary of a built program.
  subroutine program_binary(h, bin, ok)
    type(c_ptr), intent(in) :: h
    integer(int8), allocatable, target, intent(out) :: bin(:)
    logical, intent(out) :: ok
    integer(c_int32_t), target :: n
    integer(c_size_t), target :: sizes(1)
    type(c_ptr), target :: ptrs(1)
    ok = .false.
    if (clGetProgramInfo(h, cl_program_num_devices, 4_c_size_t, c_loc(n), c_null_ptr) /= 0) return
    if (n /= 1) return
    if (clGetProgramInfo(h, cl_program_binary_sizes, c_sizeof(sizes), c_loc(sizes), c_null_ptr) /= 0) return
    if (sizes(1) <= 0 .or. sizes(1) > 2_c_size_t**30) return
    allocate(bin(sizes(1)))
    ptrs(1) = c_loc(bin)
    if (clGetProgramInfo(h, cl_program_binaries, c_sizeof(ptrs), c_loc(ptrs), c_null_ptr) /= 0) return
    ok = .true.
  end subroutine program_binary

  ! cache_dir is clhost.CacheDir: $FOROCL_CACHE ('' when "off"), else
  ! $XDG_CACHE_HOME/forocl/programs, else $HOME/.cache/forocl/programs.
  subroutine cache_dir(dir)
    character(len=:), allocatable, intent(out) :: dir
    character(len=4096) :: v
    call env('FOROCL_CACHE', v)
    v = adjustl(v)
    dir = ''
    if (lower(trim(v)) == 'off') return
    if (v /= '') then
      dir = trim(v)
      return
    end if
    call env('XDG_CACHE_HOME', v)
    if (v(1:1) == '/') then
      dir = trim(v) // '/forocl/programs'
      return
    end if
    call env('HOME', v)
    if (v /= '') dir = trim(v) // '/.cache/forocl/programs'
  end subroutine cache_dir

  ! cache_fields are clhost's key fields of a program: the platform name,
  ! device name, driver version, build options and the SHA-256 of the
  ! source in hex.
  subroutine cache_fields(options, source, fields)
    character(len=*), intent(in) :: options, source
    type(field), intent(out) :: fields(5)
    type(sha256) :: h
    integer(int8) :: digest(32)
    call sha_init(h)
    call sha_update_text(h, source)
    call sha_final(h, digest)
    fields(1)%s = trim(g_platform_name)
    fields(2)%s = trim(g_name)
    fields(3)%s = trim(g_driver)
    fields(4)%s = options
    fields(5)%s = hex(digest)
  end subroutine cache_fields

  ! cache_key names an entry's file as clhost does: the SHA-256, in hex,
  ! of the magic and the fields, each prefixed by its length (8 bytes,
  ! little-endian).
  function cache_key(fields) result(key)
    type(field), intent(in) :: fields(:)
    character(len=:), allocatable :: key
    type(sha256) :: h
    integer(int8) :: digest(32)
    integer :: i
    call sha_init(h)
    call sha_update(h, le_bytes(int(len(cache_magic), int64), 8))
    call sha_update_text(h, cache_magic)
    do i = 1, size(fields)
      call sha_update(h, le_bytes(int(len(fields(i)%s), int64), 8))
      call sha_update_text(h, fields(i)%s)
    end do
    call sha_final(h, digest)
    key = hex(digest)
  end function cache_key

  ! text_bytes is s as bytes.
  function text_bytes(s) result(b)
    character(len=*), intent(in) :: s
    integer(int8) :: b(len(s))
    integer :: i
    do i = 1, len(s)
      b(i) = to_byte(int(iachar(s(i:i)), int64))
    end do
  end function text_bytes

  ! entry_head is an entry's layout up to its HMAC: magic, the field
  ! count and the fields (4-byte lengths), the log length (4 bytes) and
  ! the binary length (8 bytes), all little-endian.
  function entry_head(fields, loglen, binlen) result(head)
    type(field), intent(in) :: fields(:)
    integer(int64), intent(in) :: loglen, binlen
    integer(int8), allocatable :: head(:)
    integer :: i
    head = [text_bytes(cache_magic), le_bytes(int(size(fields), int64), 4)]
    do i = 1, size(fields)
      head = [head, le_bytes(int(len(fields(i)%s), int64), 4), text_bytes(fields(i)%s)]
    end do
    head = [head, le_bytes(loglen, 4), le_bytes(binlen, 8)]
  end function entry_head

  ! cache_secret reads the cache's HMAC key (dir/.secret, 32 bytes),
  ! creating it from /dev/urandom (mode 0600, never replacing one another
  ! process made) when missing, as clhost does. ok is false when it can be
  ! neither read nor made: the cache is then not used.
  subroutine cache_secret(dir, secret, ok)
    character(len=*), intent(in) :: dir
    integer(int8), intent(out) :: secret(32)
    logical, intent(out) :: ok
    character(len=:), allocatable :: path, tmp
    character(kind=c_char), allocatable :: cpath(:), ctmp(:)
    integer :: u, ios, rc
    path = dir // '/.secret'
    call read_secret(path, secret, ok)
    if (ok) return
    open (newunit=u, file='/dev/urandom', access='stream', form='unformatted', status='old', &
        action='read', iostat=ios)
    if (ios /= 0) return
    read (u, iostat=ios) secret
    close (u)
    if (ios /= 0) return
    tmp = dir // '/.secret-f' // itoa(int(c_getpid(), int64)) // '.tmp'
    call c_string(tmp, ctmp)
    call c_string(path, cpath)
    open (newunit=u, file=tmp, access='stream', form='unformatted', status='replace', action='write', &
        iostat=ios)
    if (ios /= 0) return
    rc = c_chmod(ctmp, 384_c_int)
    if (rc == 0) write (u, iostat=ios) secret
    close (u)
    if (rc == 0 .and. ios == 0) rc = c_link(ctmp, cpath)
    rc = c_unlink(ctmp)
    call read_secret(path, secret, ok)
  end subroutine cache_secret

  subroutine read_secret(path, secret, ok)
    character(len=*), intent(in) :: path
    integer(int8), intent(out) :: secret(32)
    logical, intent(out) :: ok
    integer(int64) :: n
    integer :: u, ios
    logical :: exists
    ok = .false.
    secret = 0
    inquire (file=path, exist=exists, size=n)
    if (.not. exists .or. n /= 32) return
    open (newunit=u, file=path, access='stream', form='unformatted', status='old', action='read', iostat=ios)
    if (ios /= 0) return
    read (u, iostat=ios) secret
    close (u)
    ok = ios == 0
  end subroutine read_secret

  ! hmac_start and hmac_finish compute HMAC-SHA256 with a 32-byte key
  ! (RFC 2104): the message goes through sha_update on inner.
  subroutine hmac_start(key, inner)
    integer(int8), intent(in) :: key(32)
    type(sha256), intent(out) :: inner
    integer(int8) :: pad(64)
    pad = 54_int8
    pad(1:32) = ieor(key, 54_int8)
    call sha_init(inner)
    call sha_update(inner, pad)
  end subroutine hmac_start

  subroutine hmac_finish(key, inner, mac)
    integer(int8), intent(in) :: key(32)
    type(sha256), intent(inout) :: inner
    integer(int8), intent(out) :: mac(32)
    type(sha256) :: outer
    integer(int8) :: pad(64), digest(32)
    call sha_final(inner, digest)
    pad = 92_int8
    pad(1:32) = ieor(key, 92_int8)
    call sha_init(outer)
    call sha_update(outer, pad)
    call sha_update(outer, digest)
    call sha_final(outer, mac)
  end subroutine hmac_finish

  ! le_bytes is the n-byte little-endian encoding of v.
  function le_bytes(v, n) result(b)
    integer(int64), intent(in) :: v
    integer, intent(in) :: n
    integer(int8) :: b(n)
    integer :: i
    do i = 1, n
      b(i) = to_byte(iand(shiftr(v, 8*(i - 1)), 255_int64))
    end do
  end function le_bytes

  integer(int8) function to_byte(v)
    integer(int64), intent(in) :: v
    if (v > 127) then
      to_byte = int(v - 256, int8)
    else
      to_byte = int(v, int8)
    end if
  end function to_byte

  integer(int64) function from_bytes(b)
    integer(int8), intent(in) :: b(:)
    integer :: i
    from_bytes = 0
    do i = size(b), 1, -1
      from_bytes = ior(shiftl(from_bytes, 8), iand(int(b(i), int64), 255_int64))
    end do
  end function from_bytes

  function hex(b) result(s)
    integer(int8), intent(in) :: b(:)
    character(len=2*size(b)) :: s
    character(len=16), parameter :: digits = '0123456789abcdef'
    integer :: i, v
    do i = 1, size(b)
      v = iand(int(b(i)), 255)
      s(2*i - 1:2*i - 1) = digits(v/16 + 1:v/16 + 1)
      s(2*i:2*i) = digits(mod(v, 16) + 1:mod(v, 16) + 1)
    end do
  end function hex

  ! cache_read parses a cache file (clhost's layout) and returns its log
  ! and binary when its key fields equal want and its HMAC verifies under
  ! secret; anything else is ignored.
  subroutine cache_read(path, secret, want, log, bin, ok)
    character(len=*), intent(in) :: path
    integer(int8), intent(in) :: secret(32)
    type(field), intent(in) :: want(:)
    character(len=:), allocatable, intent(out) :: log
    integer(int8), allocatable, intent(out) :: bin(:)
    logical, intent(out) :: ok
    integer(int8), allocatable :: data(:)
    integer(int8) :: mac(32)
    integer(int64) :: size_, pos, n, loglen, binlen
    integer :: u, ios, i
    logical :: exists
    type(sha256) :: h
    ok = .false.
    log = ''
    inquire (file=path, exist=exists, size=size_)
    if (.not. exists .or. size_ < 8 + 4 + 4 + 8 + 32) return
    allocate(data(size_))
    open (newunit=u, file=path, access='stream', form='unformatted', status='old', action='read', iostat=ios)
    if (ios /= 0) return
    read (u, iostat=ios) data
    close (u)
    if (ios /= 0) return
    if (any(data(1:8) /= text_bytes(cache_magic))) return
    pos = 9
    if (from_bytes(data(pos:pos + 3)) /= size(want)) return
    pos = pos + 4
    do i = 1, size(want)
      if (pos + 3 > size_) return
      n = from_bytes(data(pos:pos + 3))
      pos = pos + 4
      if (n /= len(want(i)%s) .or. pos + n - 1 > size_) return
      if (any(data(pos:pos + n - 1) /= text_bytes(want(i)%s))) return
      pos = pos + n
    end do
    if (pos + 4 + 8 + 32 - 1 > size_) return
    loglen = from_bytes(data(pos:pos + 3))
    binlen = from_bytes(data(pos + 4:pos + 11))
    pos = pos + 12
    if (loglen < 0 .or. binlen < 0 .or. size_ - (pos + 31) /= loglen + binlen) return
    call hmac_start(secret, h)
    call sha_update(h, data(1:pos - 1))
    call sha_update(h, data(pos + 32:))
    call hmac_finish(secret, h, mac)
    if (any(mac /= data(pos:pos + 31))) return
    pos = pos + 32
    log = repeat(' ', int(loglen))
    do i = 1, int(loglen)
      log(i:i) = achar(iand(int(data(pos + i - 1)), 255))
    end do
    bin = data(pos + loglen:)
    ok = .true.
  end subroutine cache_read

  ! cache_write stores an entry atomically (a temporary file, then
  ! rename); failures are ignored, as in clhost.
  subroutine cache_write(dir, key, secret, fields, log, bin)
    character(len=*), intent(in) :: dir, key, log
    integer(int8), intent(in) :: secret(32)
    type(field), intent(in) :: fields(:)
    integer(int8), intent(in) :: bin(:)
    type(sha256) :: h
    integer(int8) :: mac(32)
    integer(int8), allocatable :: head(:), logb(:)
    character(len=:), allocatable :: tmp
    character(kind=c_char), allocatable :: ctmp(:), cpath(:)
    integer :: u, ios, rc
    allocate(logb(len(log)))
    logb = text_bytes(log)
    head = entry_head(fields, int(len(log), int64), size(bin, kind=int64))
    call hmac_start(secret, h)
    call sha_update(h, head)
    call sha_update(h, logb)
    call sha_update(h, bin)
    call hmac_finish(secret, h, mac)
    tmp = dir // '/' // key // '-f' // itoa(int(c_getpid(), int64)) // '.tmp'
    call c_string(tmp, ctmp)
    call c_string(dir // '/' // key // '.bin', cpath)
    open (newunit=u, file=tmp, access='stream', form='unformatted', status='replace', action='write', iostat=ios)
    if (ios /= 0) return
    write (u, iostat=ios) head, mac, logb, bin
    close (u)
    if (ios == 0) then
      if (c_rename(ctmp, cpath) == 0) return
    end if
    rc = c_unlink(ctmp)
  end subroutine cache_write

  ! make_dirs creates dir and its parents (mode 0755) if missing.
  logical function make_dirs(dir)
    character(len=*), intent(in) :: dir
    character(kind=c_char), allocatable :: cs(:)
    integer :: i, rc
    do i = 2, len(dir) + 1
      if (i <= len(dir)) then
        if (dir(i:i) /= '/') cycle
      end if
      call c_string(dir(1:i - 1), cs)
      rc = c_mkdir(cs, 493_c_int)
    end do
    inquire (file=dir // '/.', exist=make_dirs)
  end function make_dirs

  ! ---------------------------------------------------------------------
  ! SHA-256 (FIPS 180-4), for the cache key and the entry checksum. Words
  ! are held in int64 and masked to 32 bits, so no arithmetic overflows.

  subroutine sha_init(h)
    type(sha256), intent(out) :: h
    h%h = [1779033703_int64, 3144134277_int64, 1013904242_int64, &
        2773480762_int64, 1359893119_int64, 2600822924_int64, &
        528734635_int64, 1541459225_int64]
    h%nbuf = 0
    h%total = 0
  end subroutine sha_init

  subroutine sha_update_text(h, s)
    type(sha256), intent(inout) :: h
    character(len=*), intent(in) :: s
    integer :: i
    do i = 1, len(s)
      call sha_byte(h, to_byte(int(iachar(s(i:i)), int64)))
    end do
  end subroutine sha_update_text

  subroutine sha_update(h, b)
    type(sha256), intent(inout) :: h
    integer(int8), intent(in) :: b(:)
    integer(int64) :: i
    do i = 1, size(b, kind=int64)
      call sha_byte(h, b(i))
    end do
  end subroutine sha_update

  subroutine sha_byte(h, b)
    type(sha256), intent(inout) :: h
    integer(int8), intent(in) :: b
    h%buf(h%nbuf) = b
    h%nbuf = h%nbuf + 1
    h%total = h%total + 1
    if (h%nbuf == 64) then
      call sha_block(h)
      h%nbuf = 0
    end if
  end subroutine sha_byte

  subroutine sha_final(h, digest)
    type(sha256), intent(inout) :: h
    integer(int8), intent(out) :: digest(32)
    integer(int64) :: bits
    integer(int8) :: len8(8)
    integer :: i, j
    bits = h%total*8
    do i = 1, 8
      len8(i) = to_byte(iand(shiftr(bits, 8*(8 - i)), 255_int64))
    end do
    call sha_byte(h, to_byte(128_int64))
    do while (h%nbuf /= 56)
      call sha_byte(h, 0_int8)
    end do
    do i = 1, 8
      call sha_byte(h, len8(i))
    end do
    do i = 0, 7
      do j = 1, 4
        digest(4*i + j) = to_byte(iand(shiftr(h%h(i), 8*(4 - j)), 255_int64))
      end do
    end do
  end subroutine sha_final

  integer(int64) function rotr(x, n)
    integer(int64), intent(in) :: x
    integer, intent(in) :: n
    rotr = iand(ior(shiftr(x, n), shiftl(x, 32 - n)), mask32)
  end function rotr

  subroutine sha_block(h)
    type(sha256), intent(inout) :: h
    integer(int64) :: w(0:63), a, b, c, d, e, f, g, hh, s0, s1, t1, t2, ch, maj
    integer :: i
    do i = 0, 15
      w(i) = ior(ior(shiftl(iand(int(h%buf(4*i), int64), 255_int64), 24), &
          shiftl(iand(int(h%buf(4*i + 1), int64), 255_int64), 16)), &
          ior(shiftl(iand(int(h%buf(4*i + 2), int64), 255_int64), 8), iand(int(h%buf(4*i + 3), int64), 255_int64)))
    end do
    do i = 16, 63
      s0 = ieor(ieor(rotr(w(i - 15), 7), rotr(w(i - 15), 18)), shiftr(w(i - 15), 3))
      s1 = ieor(ieor(rotr(w(i - 2), 17), rotr(w(i - 2), 19)), shiftr(w(i - 2), 10))
      w(i) = iand(w(i - 16) + s0 + w(i - 7) + s1, mask32)
    end do
    a = h%h(0); b = h%h(1); c = h%h(2); d = h%h(3)
    e = h%h(4); f = h%h(5); g = h%h(6); hh = h%h(7)
    do i = 0, 63
      s1 = ieor(ieor(rotr(e, 6), rotr(e, 11)), rotr(e, 25))
      ch = ieor(iand(e, f), iand(ieor(e, mask32), g))
      t1 = iand(hh + s1 + ch + sha_k(i) + w(i), mask32)
      s0 = ieor(ieor(rotr(a, 2), rotr(a, 13)), rotr(a, 22))
      maj = ieor(ieor(iand(a, b), iand(a, c)), iand(b, c))
      t2 = iand(s0 + maj, mask32)
      hh = g; g = f; f = e
      e = iand(d + t1, mask32)
      d = c; c = b; b = a
      a = iand(t1 + t2, mask32)
    end do
    h%h(0) = iand(h%h(0) + a, mask32); h%h(1) = iand(h%h(1) + b, mask32)
    h%h(2) = iand(h%h(2) + c, mask32); h%h(3) = iand(h%h(3) + d, mask32)
    h%h(4) = iand(h%h(4) + e, mask32); h%h(5) = iand(h%h(5) + f, mask32)
    h%h(6) = iand(h%h(6) + g, mask32); h%h(7) = iand(h%h(7) + hh, mask32)
  end subroutine sha_block

  ! ---------------------------------------------------------------------
  ! Kernels and launches

  ! forocl_kernel_create creates kernel name of a built program.
  subroutine forocl_kernel_create(k, prog, name, stat, errmsg)
    type(forocl_kernel), intent(inout) :: k
    type(forocl_program), intent(in) :: prog
    character(len=*), intent(in) :: name
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    character(kind=c_char), allocatable, target :: cname(:)
    integer(c_int32_t), target :: code
    st = 0
    msg = ''
    if (.not. forocl_current(prog)) then
      st = forocl_eusage
      msg = 'forocl_kernel_create: kernel "' // name // '": the program is not built on the current device'
    else
      call c_string(name, cname)
      k%h = clCreateKernel(prog%h, c_loc(cname), c_loc(code))
      if (code /= 0 .or. .not. c_associated(k%h)) then
        if (code == 0) code = -48
        k%h = c_null_ptr
        call cl_fail(code, 'clCreateKernel', 'for kernel "' // name // '"', st, msg)
      else
        k%name = name
        k%context = context_id
        call args_slot(k)
      end if
    end if
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_kernel_create

  ! args_slot gives kernel k, just created, an empty entry in the table of
  ! arguments set: the one it had, else a new one.
  subroutine args_slot(k)
    type(forocl_kernel), intent(inout) :: k
    type(kernel_args), allocatable :: grown(:)
    if (k%slot < 1 .or. k%slot > nkargs) then
      if (.not. allocated(kargs)) allocate(kargs(64))
      if (nkargs == size(kargs)) then
        allocate(grown(2*nkargs))
        grown(1:nkargs) = kargs
        call move_alloc(grown, kargs)
      end if
      nkargs = nkargs + 1
      k%slot = nkargs
    end if
    kargs(k%slot) = kernel_args(h=k%h)
  end subroutine args_slot

  ! args_forget forgets buffer mem, about to be released, wherever it is a
  ! kernel argument: a buffer created later may get its handle.
  subroutine args_forget(mem)
    type(c_ptr), intent(in) :: mem
    integer(int64) :: v
    integer :: i, j
    v = transfer(mem, v)
    do i = 1, nkargs
      do j = 0, kargs(i)%n - 1
        if (kargs(i)%mem(j) .and. kargs(i)%v(j) == v) kargs(i)%size(j) = 0
      end do
    end do
  end subroutine args_forget

  ! args_kept reports whether argument index of kernel k already has the
  ! size bytes at value, and else records them as set (mem: a buffer).
  logical function args_kept(k, index, size, value, mem)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    integer(c_size_t), intent(in) :: size
    type(c_ptr), intent(in) :: value
    logical, intent(in) :: mem
    integer(int8), pointer :: b(:)
    integer(int8) :: w(8)
    integer(int64) :: v
    args_kept = .false.
    if (k%slot < 1 .or. k%slot > nkargs .or. index < 0 .or. index >= arg_max .or. size > 8 .or. size < 1) return
    if (.not. c_associated(kargs(k%slot)%h, k%h)) return
    call c_f_pointer(value, b, [size])
    w = 0
    w(1:size) = b
    v = transfer(w, v)
    associate (e => kargs(k%slot))
      if (e%size(index) == size .and. e%v(index) == v .and. (e%mem(index) .eqv. mem)) then
        args_kept = .true.
        return
      end if
      e%size(index) = int(size)
      e%v(index) = v
      e%mem(index) = mem
      e%n = max(e%n, index + 1)
    end associate
  end function args_kept

  ! set_arg sets argument index of kernel k to the size bytes at value
  ! (mem: a buffer), unless it has them already.
  subroutine set_arg(k, index, size, value, mem, st, msg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    integer(c_size_t), intent(in) :: size
    type(c_ptr), intent(in) :: value
    logical, intent(in) :: mem
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_int32_t) :: code
    st = 0
    if (.not. c_associated(k%h) .or. k%context /= context_id .or. .not. ready) then
      st = forocl_eusage
      msg = 'forocl_set_arg: kernel "' // trim(k%name) // '" was not created on the current device'
      return
    end if
    if (args_kept(k, index, size, value, mem)) then
      if (g_trace) trace_kept = trace_kept + 1
      return
    end if
    code = clSetKernelArg(k%h, int(index, c_int32_t), size, value)
    if (g_trace) call trace(tr_setarg, .false.)
    if (code /= 0) then
      if (k%slot >= 1 .and. k%slot <= nkargs .and. index >= 0 .and. index < arg_max) kargs(k%slot)%size(index) = 0
      call cl_fail(code, 'clSetKernelArg', 'for argument ' // itoa(int(index, int64)) // &
          ' of kernel "' // trim(k%name) // '"', st, msg)
    end if
  end subroutine set_arg

  subroutine set_arg_array(k, index, a, stat, errmsg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    type(forocl_array), intent(in), target :: a
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    type(c_ptr), target :: mem
    mem = a%mem
    if (.not. c_associated(mem) .or. a%context /= context_id) then
      st = forocl_eusage
      msg = 'forocl_set_arg: argument ' // itoa(int(index, int64)) // ' of kernel "' // trim(k%name) // &
          '" is a device array that was not created on the current device'
    else
      call set_arg(k, index, c_sizeof(mem), c_loc(mem), .true., st, msg)
    end if
    call forocl_report(st, msg, stat, errmsg)
  end subroutine set_arg_array

  subroutine set_arg_r4(k, index, v, stat, errmsg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    real(c_float), intent(in) :: v
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    real(c_float), target :: x
    x = v
    call set_arg(k, index, c_sizeof(x), c_loc(x), .false., st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine set_arg_r4

  subroutine set_arg_r8(k, index, v, stat, errmsg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    real(c_double), intent(in) :: v
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    real(c_double), target :: x
    x = v
    call set_arg(k, index, c_sizeof(x), c_loc(x), .false., st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine set_arg_r8

  subroutine set_arg_i4(k, index, v, stat, errmsg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    integer(c_int32_t), intent(in) :: v
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    integer(c_int32_t), target :: x
    x = v
    call set_arg(k, index, c_sizeof(x), c_loc(x), .false., st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine set_arg_i4

  subroutine set_arg_i8(k, index, v, stat, errmsg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: index
    integer(c_int64_t), intent(in) :: v
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    integer(c_int64_t), target :: x
    x = v
    call set_arg(k, index, c_sizeof(x), c_loc(x), .false., st, msg)
    call forocl_report(st, msg, stat, errmsg)
  end subroutine set_arg_i8

  ! forocl_launch enqueues kernel k on an NDRange of size(global)
  ! dimensions (1 to 3) with work-group local (an empty local lets the
  ! driver choose). It does not wait: use forocl_finish or forocl_read.
  subroutine forocl_launch(k, global, local, stat, errmsg)
    type(forocl_kernel), intent(in) :: k
    integer, intent(in) :: global(:), local(:)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st
    character(len=forocl_msg_len) :: msg
    integer(c_size_t), target :: g(3), l(3)
    integer(c_int32_t) :: code
    type(c_ptr) :: lp
    st = 0
    if (.not. c_associated(k%h) .or. k%context /= context_id .or. .not. ready) then
      st = forocl_eusage
      msg = 'forocl_launch: kernel "' // trim(k%name) // '" was not created on the current device'
    else if (size(global) < 1 .or. size(global) > 3 .or. (size(local) /= 0 .and. size(local) /= size(global))) then
      st = forocl_eusage
      msg = 'forocl_launch: kernel "' // trim(k%name) // '": global ' // shape_string(global) // ' and local ' // &
          shape_string(local) // ' must have 1 to 3 entries, the same number'
    else if (any(global < 1)) then
      st = forocl_eusage
      msg = 'forocl_launch: kernel "' // trim(k%name) // '": global size ' // shape_string(global) // &
          ' must be positive'
    else
      g = 1
      l = 1
      g(1:size(global)) = global
      lp = c_null_ptr
      if (size(local) > 0) then
        l(1:size(local)) = local
        lp = c_loc(l)
      end if
      code = clEnqueueNDRangeKernel(g_queue, k%h, int(size(global), c_int32_t), c_null_ptr, c_loc(g), lp, &
          0_c_int32_t, c_null_ptr, prof_event())
      if (g_trace) call trace(tr_launch, .false.)
      if (code == 0) call prof_record(trim(k%name), 0_int64)
      if (code /= 0) call cl_fail(code, 'clEnqueueNDRangeKernel', 'for kernel "' // trim(k%name) // &
          '" (global ' // shape_string(global) // ', local ' // shape_string(local) // ')', st, msg)
    end if
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_launch

  ! forocl_load_text reads a whole text file (an OpenCL source) into text.
  subroutine forocl_load_text(path, text, stat, errmsg)
    character(len=*), intent(in) :: path
    character(len=:), allocatable, intent(out) :: text
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer :: st, u, ios
    character(len=forocl_msg_len) :: msg
    integer(int64) :: n
    logical :: exists
    st = 0
    msg = ''
    text = ''
    inquire (file=path, exist=exists, size=n)
    if (.not. exists .or. n < 0) then
      st = forocl_eio
      msg = 'cannot read "' // path // '": no such file'
    else
      text = repeat(' ', int(n))
      open (newunit=u, file=path, access='stream', form='unformatted', status='old', action='read', iostat=ios)
      if (ios == 0) then
        if (n > 0) read (u, iostat=ios) text
        close (u)
      end if
      if (ios /= 0) then
        st = forocl_eio
        msg = 'cannot read "' // path // '"'
      end if
    end if
    call forocl_report(st, msg, stat, errmsg)
  end subroutine forocl_load_text

  ! ---------------------------------------------------------------------
  ! Checks for generated modules. Each sets st /= 0 and msg on a mismatch.

  ! forocl_check_array checks that argument name of kernel kernel is a
  ! device array of the current device with the given kind and rank
  ! (rank 0: any rank, for elemental kernels).
  subroutine forocl_check_array(kernel, name, a, kind, rank, st, msg)
    character(len=*), intent(in) :: kernel, name
    type(forocl_array), intent(in) :: a
    integer, intent(in) :: kind, rank
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    call ensure(st, msg)
    if (st /= 0) return
    if (.not. c_associated(a%mem)) then
      st = forocl_eusage
      msg = 'kernel "' // kernel // '": array "' // name // '" is not a device array yet (create it with ' // &
          'forocl_create or forocl_alloc)'
    else if (a%context /= context_id) then
      st = forocl_eusage
      msg = 'kernel "' // kernel // '": array "' // name // '" belongs to a previous forocl_init; create it again'
    else if (a%kind /= kind) then
      st = forocl_eshape
      msg = 'kernel "' // kernel // '": array "' // name // '" is ' // kind_name(a%kind) // &
          ' but the kernel declares it ' // kind_name(kind)
    else if (rank /= 0 .and. a%rank /= rank) then
      st = forocl_eshape
      msg = 'kernel "' // kernel // '": array "' // name // '" has shape ' // shape_string(a%shape(1:a%rank)) // &
          ' but the kernel takes ' // itoa(int(rank, int64)) // '-D arrays'
    end if
  end subroutine forocl_check_array

  ! forocl_check_extents checks that array name has the extents want,
  ! which the kernel's sizes give from the shape of array first.
  subroutine forocl_check_extents(kernel, name, a, want, first, b, st, msg)
    character(len=*), intent(in) :: kernel, name, first
    type(forocl_array), intent(in) :: a, b
    integer, intent(in) :: want(:)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = 0
    if (any(a%shape(1:a%rank) /= want)) then
      st = forocl_eshape
      msg = 'kernel "' // kernel // '": array "' // name // '" has shape ' // shape_string(a%shape(1:a%rank)) // &
          ' but "' // first // '" has ' // shape_string(b%shape(1:b%rank)) // &
          ', so the kernel expects ' // shape_string(want) // '; all arrays of a kernel share one grid'
      if (all(want == b%shape(1:b%rank))) msg = 'kernel "' // kernel // '": array "' // name // '" has shape ' // &
          shape_string(a%shape(1:a%rank)) // ' but "' // first // '" has ' // shape_string(b%shape(1:b%rank)) // &
          '; all arrays of a kernel share one grid'
    end if
  end subroutine forocl_check_extents

  ! forocl_check_declared checks that array name has the extents want that
  ! a loop kernel declares for it (from its size arguments).
  subroutine forocl_check_declared(kernel, name, a, want, st, msg)
    character(len=*), intent(in) :: kernel, name
    type(forocl_array), intent(in) :: a
    integer, intent(in) :: want(:)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = 0
    if (any(a%shape(1:a%rank) /= want)) then
      st = forocl_eshape
      msg = 'kernel "' // kernel // '": array "' // name // '" has shape ' // shape_string(a%shape(1:a%rank)) // &
          ' but the kernel declares ' // shape_string(want) // ' for the size arguments given'
    end if
  end subroutine forocl_check_declared

  ! forocl_check_alias fails when a and b are one device array and the
  ! kernel writes one of them (written): Fortran forbids such aliasing,
  ! and a stencil that reads what it writes gives wrong answers.
  subroutine forocl_check_alias(kernel, name_a, a, name_b, b, written, st, msg)
    character(len=*), intent(in) :: kernel, name_a, name_b, written
    type(forocl_array), intent(in) :: a, b
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = 0
    if (c_associated(a%mem) .and. c_associated(a%mem, b%mem)) then
      st = forocl_eusage
      msg = 'kernel "' // kernel // '": arrays "' // name_a // '" and "' // name_b // &
          '" are one device array, and the kernel writes "' // written // &
          '"; pass separate arrays (for an in-place update, write into a second array and swap them)'
    end if
  end subroutine forocl_check_alias

  ! forocl_check_access fails when a subscript touches indices lo:hi of
  ! dimension dim of an array declared with bounds dlo:dhi, outside them
  ! (what: 'writes array "b"'; at: the source line); the generated host
  ! calls it before any launch (Note [access ranges] in package abi).
  subroutine forocl_check_access(kernel, what, dim, at, lo, hi, dlo, dhi, st, msg)
    character(len=*), intent(in) :: kernel, what, at
    integer, intent(in) :: dim, lo, hi, dlo, dhi
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = 0
    if (lo < dlo .or. hi > dhi) then
      st = forocl_eshape
      msg = 'kernel "' // kernel // '" ' // what // ' at indices ' // itoa(int(lo, int64)) // ':' // &
          itoa(int(hi, int64)) // ' of dimension ' // itoa(int(dim, int64)) // ' (' // at // &
          '), outside its declared bounds ' // itoa(int(dlo, int64)) // ':' // itoa(int(dhi, int64)) // &
          '; give sizes that keep the loop inside the array'
    end if
  end subroutine forocl_check_access

  ! forocl_read_elem reads element index(1:rank) of device array a, named
  ! name and declared with lower bounds lower and extents extent, for the
  ! host program of kernel (Note [host elements] in package abi), after
  ! the launches before it: ival holds an integer or logical element, dval
  ! a real one. A subscript outside the declared bounds is an error that
  ! names the array, the index and the source line, and nothing is read.
  subroutine forocl_read_elem(kernel, a, name, line, rank, index, lower, extent, ival, dval, st, msg)
    character(len=*), intent(in) :: kernel, name
    type(forocl_array), intent(in) :: a
    integer, intent(in) :: line, rank
    integer(int64), intent(in) :: index(rank), lower(rank), extent(rank)
    integer(int64), intent(out) :: ival
    real(c_double), intent(out) :: dval
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(int64), target :: word
    integer(int32) :: half(2)  ! word's 4-byte halves, the element's first (little-endian devices)
    integer(int64) :: off, stride, kb
    integer(c_int32_t) :: code
    integer(int8), pointer :: hb(:)
    integer(int8) :: wb(8)
    integer :: d
    st = 0
    ival = 0
    dval = 0
    word = 0
    off = 0
    stride = 1
    do d = 1, rank
      if (index(d) < lower(d) .or. index(d) >= lower(d) + max(extent(d), 0_int64)) then
        st = forocl_ebounds
        msg = 'kernel "' // kernel // '": line ' // itoa(int(line, int64)) // ': subscript ' // &
            itoa(int(d, int64)) // ' of "' // name // '" is ' // itoa(index(d)) // &
            ', outside its declared bounds ' // itoa(lower(d)) // ':' // itoa(lower(d) + extent(d) - 1)
        return
      end if
      off = off + (index(d) - lower(d))*stride
      stride = stride*extent(d)
    end do
    if (.not. c_associated(a%mem) .or. off >= a%count) then
      st = forocl_eusage
      msg = 'kernel "' // kernel // '": "' // name // '" is no device array of the declared shape'
      return
    end if
    kb = kind_bytes(a%kind)
    if (c_associated(a%host)) then   ! the host holds the device's bytes: no wait
      call c_f_pointer(a%host, hb, [a%count*kb])
      wb = 0
      wb(1:kb) = hb(off*kb + 1:off*kb + kb)
      word = transfer(wb, word)
      if (g_trace) trace_host_reads = trace_host_reads + 1
    else
      code = clEnqueueReadBuffer(g_queue, a%mem, 1_c_int32_t, int(off*kb, c_size_t), &
          int(kb, c_size_t), c_loc(word), 0_c_int32_t, c_null_ptr, c_null_ptr)
      if (g_trace) call trace(tr_read, .true.)
      if (code /= 0) then
        call cl_fail(code, 'clEnqueueReadBuffer', '(a kernel before it may have failed) for an element of ' // &
            name, st, msg)
        return
      end if
    end if
    half = transfer(word, half)
    select case (a%kind)
    case (forocl_real4)
      dval = real(transfer(half(1), 1.0_c_float), c_double)
    case (forocl_real8)
      dval = transfer(word, 1.0_c_double)
    case (forocl_int8)
      ival = word
    case default
      ival = int(half(1), int64)
    end select
  end subroutine forocl_read_elem

  ! forocl_bounds_read reads the bounds buffer b of kernel, built with
  ! --check-bounds, after its launches (so it waits for them; Note
  ! [checked subscripts] in codegen/bounds.go): site is 0 when every
  ! subscript stayed inside its bounds, else the number (1 to sites) of
  ! the first that left them, and index is that subscript's value.
  subroutine forocl_bounds_read(kernel, b, sites, site, index, st, msg)
    character(len=*), intent(in) :: kernel
    type(forocl_array), intent(inout) :: b
    integer, intent(in) :: sites
    integer, intent(out) :: site
    integer(int64), intent(out) :: index
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer(c_int32_t), target :: v(4)
    site = 0
    index = 0
    v = 0
    call read_raw(b, forocl_int, 1, [4], c_loc(v), st, msg)
    if (st /= 0) return
    if (v(1) < 0 .or. v(1) > sites) then
      st = forocl_eusage
      msg = 'kernel "' // kernel // '": bounds check site ' // itoa(int(v(1), int64)) // ' is not listed'
      return
    end if
    site = int(v(1))
    index = ior(iand(int(v(2), int64), mask32), ishft(int(v(3), int64), 32))
  end subroutine forocl_bounds_read

  ! forocl_bounds_error fails with index out of the bounds lo:hi of
  ! dimension dim of array name in kernel (at: the source line, or
  ! blank), worded as every host words it (abi.BoundsFormat).
  subroutine forocl_bounds_error(kernel, name, dim, at, index, lo, hi, st, msg)
    character(len=*), intent(in) :: kernel, name, at
    integer, intent(in) :: dim, lo, hi
    integer(int64), intent(in) :: index
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    st = forocl_ebounds
    msg = 'index ' // itoa(index) // ' of dimension ' // itoa(int(dim, int64)) // ' of array "' // name // &
        '" out of bounds ' // itoa(int(lo, int64)) // ':' // itoa(int(hi, int64)) // ' in kernel "' // kernel // '"'
    if (at /= '') msg = trim(msg) // ' (' // at // ')'
  end subroutine forocl_bounds_error

  ! forocl_check_count checks that array name, bound to an explicit-shape
  ! dummy of rank 1 by sequence association (an elemental kernel's), has
  ! the want elements the kernel takes, whatever its rank.
  subroutine forocl_check_count(kernel, name, a, want, st, msg)
    character(len=*), intent(in) :: kernel, name
    type(forocl_array), intent(in) :: a
    integer, intent(in) :: want
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    character(len=24) :: have, need
    st = 0
    if (a%count /= want) then
      st = forocl_eshape
      write (have, '(i0)') a%count
      write (need, '(i0)') want
      msg = 'kernel "' // kernel // '": array "' // name // '" has shape ' // shape_string(a%shape(1:a%rank)) // &
          ', ' // trim(have) // ' elements, but the kernel takes ' // trim(need) // ' elements'
    end if
  end subroutine forocl_check_count

  ! forocl_check_fp64 fails when the device lacks double precision.
  subroutine forocl_check_fp64(kernel, st, msg)
    character(len=*), intent(in) :: kernel
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    call ensure(st, msg)
    if (st /= 0) return
    if (.not. g_fp64) then
      st = forocl_edevice
      msg = 'kernel "' // kernel // '" uses real(8) but ' // trim(g_name) // &
          ' has no double precision (cl_khr_fp64); choose another device with FOROCL_DEVICE'
    end if
  end subroutine forocl_check_fp64

  ! forocl_ndrange computes a launch's global size: per dimension
  ! ceil(positions/per) rounded up to a multiple of the work-group local.
  ! grid is the grid's shape, for the message when a dimension has no
  ! positions (halos as wide as the grid).
  subroutine forocl_ndrange(kernel, positions, per, local, grid, global, st, msg)
    character(len=*), intent(in) :: kernel
    integer, intent(in) :: positions(:), per(:), local(:), grid(:)
    integer, intent(out) :: global(:)
    integer, intent(out) :: st
    character(len=*), intent(out) :: msg
    integer :: d, e
    st = 0
    global = 1
    do d = 1, size(positions)
      if (positions(d) < 1) then
        st = forocl_eshape
        msg = 'kernel "' // kernel // '": the grid ' // shape_string(grid) // ' leaves no interior in dimension ' // &
            itoa(int(d, int64)) // ' after the halos; the arrays must be larger'
        return
      end if
      e = (positions(d) + per(d) - 1)/per(d)
      global(d) = (e + local(d) - 1)/local(d)*local(d)
    end do
  end subroutine forocl_ndrange

  ! ---------------------------------------------------------------------
  ! Arguments smaller than their declared bounds
  !
  ! A procedure of forocl port takes explicit-shape dummies (real(8) ::
  ! density0(x_min-2:x_max+2, y_min-2:y_max+2)): only the actual's address
  ! reaches it, and no compiler checks at run time that the actual holds
  ! the declared elements. The host Fortran touches the elements its loops
  ! touch; forocl_port_enter uploads the whole declared range (and coherent
  ! mode reads back the whole range of what the procedure writes), so an
  ! undersized actual is read past its end, which can fault, and in
  ! resident mode gets a device copy over another array's memory.
  ! forocl_port_enter checks what it can, before it uploads anything:
  !
  ! - Always (a comparison with each array dummy of the call entered
  !   before): two array dummies of one call whose declared byte ranges
  !   overlap without being one array (other first addresses, or one
  !   address and other sizes), while the procedure writes one of them.
  !   That is an undersized actual running into another argument, or two
  !   arguments that alias; each gets its own device copy, so a write
  !   through one is not seen through the other, and the read-back of one
  !   can undo the other's. The one legal case it stops is sections of one
  !   array whose declared ranges overlap where neither writes the shared
  !   elements (Fortran 2008, Note 12.34), which resident mode stopped
  !   already. Sequence association (a column a(1,j) passed to a 1-D
  !   dummy of the column's length) gives ranges that do not overlap.
  ! - FOROCL_CHECK=1: every page of the declared range is mapped
  !   (mincore(2), which fails with ENOMEM where reading would fault):
  !   at each call in coherent mode and for small arrays, when a resident
  !   copy is created in resident mode. A page that is not mapped holds no
  !   element of the actual, so this stops only undersized actuals.
  !
  ! What cannot be checked: an undersized actual whose declared range
  ! stays in mapped memory and overlaps no other argument of the call.

  ! port_check is forocl_port_enter's check of the host array at p (not
  ! empty) of nb bytes, the given kind and shape, dummy name of procedure
  ! proc, against the array dummies of the call entered before it, and
  ! with FOROCL_CHECK=1 of its memory. It records the array for the
  ! dummies after it.
  subroutine port_check(p, nb, kind, shp, access, proc, name, st, msg)
    type(c_ptr), intent(in) :: p
    integer(int64), intent(in) :: nb
    integer, intent(in) :: kind, shp(:), access
    character(len=*), intent(in) :: proc, name
    integer, intent(inout) :: st
    character(len=*), intent(inout) :: msg
    integer(c_intptr_t) :: at
    integer(int64) :: off
    integer :: i
    type(port_arg), allocatable :: grown(:)
    at = transfer(p, at)
    if (port_pending == 0) ncall_args = 0
    do i = 1, ncall_args
      if (at >= call_args(i)%addr + call_args(i)%bytes .or. call_args(i)%addr >= at + nb) cycle
      if (at == call_args(i)%addr .and. nb == call_args(i)%bytes) cycle   ! one array
      if (access == forocl_in .and. call_args(i)%access == forocl_in) cycle
      st = forocl_eusage
      msg = 'its declared range, ' // range_string(kind, shp, nb) // ', overlaps that of array ' // &
          trim(call_args(i)%name) // ', ' // range_string(call_args(i)%kind, &
          call_args(i)%shape(1:call_args(i)%rank), call_args(i)%bytes) // ', and ' // proc // ' writes ' // &
          trim(written_names(name, access, call_args(i))) // ': an actual argument smaller than its ' // &
          'declared bounds, or two arguments that alias while one is written; each declared range is ' // &
          'copied to the device apart, so pass arrays of at least the declared sizes that do not overlap'
      return
    end do
    if (.not. allocated(call_args)) allocate(call_args(16))
    if (ncall_args == size(call_args)) then
      allocate(grown(2*ncall_args))
      grown(1:ncall_args) = call_args
      call move_alloc(grown, call_args)
    end if
    ncall_args = ncall_args + 1
    call_args(ncall_args) = port_arg(addr=at, bytes=nb, kind=kind, access=access, rank=size(shp), name=name)
    call_args(ncall_args)%shape(1:size(shp)) = shp
    if (.not. resident_on()) then   ! reads FOROCL_CHECK too
      if (.not. res_check) return
    else if (.not. res_check .or. find_exact(at, nb, kind) /= 0) then
      return   ! resident: checked when its copy was created
    end if
    off = unmapped_at(at, nb)
    if (off >= 0) then
      st = forocl_eusage
      msg = 'FOROCL_CHECK: the actual argument is smaller than its declared bounds: its declared range, ' // &
          range_string(kind, shp, nb) // ', runs into memory that is not mapped, ' // itoa(off) // &
          ' bytes after its first element; pass an array of at least the declared size'
    end if
  end subroutine port_check

  ! range_string spells a dummy's declared range for port_check: shape
  ! (150) of real(8), 1200 bytes.
  function range_string(kind, shp, nb) result(s)
    integer, intent(in) :: kind, shp(:)
    integer(int64), intent(in) :: nb
    character(len=:), allocatable :: s
    s = 'shape ' // shape_string(shp) // ' of ' // kind_name(kind) // ', ' // itoa(nb) // ' bytes'
  end function range_string

  ! written_names names which of dummy name (access) and dummy o the
  ! procedure writes: one of them, or both.
  function written_names(name, access, o) result(s)
    character(len=*), intent(in) :: name
    integer, intent(in) :: access
    type(port_arg), intent(in) :: o
    character(len=:), allocatable :: s
    if (access /= forocl_in .and. o%access /= forocl_in) then
      s = 'both'
    else if (access /= forocl_in) then
      s = name
    else
      s = trim(o%name)
    end if
  end function written_names

  ! unmapped_at is the offset from at of the first byte of the nb bytes
  ! at at (rounded out to pages) that is not mapped, or -1 when all are.
  ! mincore(2) fails (ENOMEM) for a range holding unmapped memory instead
  ! of faulting; a failed call is tried again once (EAGAIN: the kernel
  ! lacked memory), then the range page by page for the first such page.
  integer(int64) function unmapped_at(at, nb)
    integer(c_intptr_t), intent(in) :: at
    integer(int64), intent(in) :: nb
    interface
      integer(c_int) function c_mincore(addr, length, vec) bind(C, name='mincore')
        import :: c_int, c_ptr, c_size_t, c_signed_char
        type(c_ptr), value :: addr
        integer(c_size_t), value :: length
        integer(c_signed_char), intent(out) :: vec(*)
      end function c_mincore
      integer(c_int) function c_getpagesize() bind(C, name='getpagesize')
        import :: c_int
      end function c_getpagesize
    end interface
    integer, parameter :: chunk = 4096   ! pages per call
    integer(c_signed_char) :: vec(chunk)
    integer(c_intptr_t) :: page, lo, n, q
    page = int(c_getpagesize(), c_intptr_t)
    lo = at - modulo(at, page)
    unmapped_at = -1
    do while (lo < at + nb)
      n = min(at + nb - lo, chunk*page)
      if (.not. mapped(lo, n)) then
        do q = lo, lo + n - 1, page
          if (mapped(q, page)) cycle
          unmapped_at = max(0_int64, int(q - at, int64))
          return
        end do
      end if
      lo = lo + n
    end do
  contains
    logical function mapped(addr, length)
      integer(c_intptr_t), intent(in) :: addr, length
      mapped = c_mincore(transfer(addr, c_null_ptr), int(length, c_size_t), vec) == 0
      if (.not. mapped) mapped = c_mincore(transfer(addr, c_null_ptr), int(length, c_size_t), vec) == 0
    end function mapped
  end function unmapped_at

end module forocl_cl
