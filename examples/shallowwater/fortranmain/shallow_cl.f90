! shallow_cl.f90: the shallow-water example with a Fortran main program, as
! in the ForOpenCL paper: the state lives on the OpenCL device, each time
! step launches the boundary kernel and the wave_advance kernel that forocl
! generated from wave.f90, and the state is copied back once at the end.
!
!   forocl build -I fortran examples/shallowwater/fortran/wave.f90 \
!       examples/shallowwater/fortran/boundary.f90 -o gen --fortran
!   gfortran -O2 fortran/forocl_cl.f90 gen/wave_cl.f90 gen/boundary_cl.f90 \
!       examples/shallowwater/fortranmain/shallow_cl.f90 -lOpenCL -o shallow_cl
!
!   shallow_cl nx ny steps dt out_prefix [column|dambreak]
!
! For a GPU, add --target gpu to the build: it generates the GPU-tuned
! kernel that the Go driver's -strategy auto runs there, so that both time
! the same kernel.
!
! Arguments as for serial.f90 (real(4) only). The reflective walls are
! the loop kernel reflect of fortran/boundary.f90, also compiled by forocl
! (module boundary_cl). The device is chosen by FOROCL_DEVICE (see
! forocl_cl). Output, on standard
! output:
!   device: NAME
!   mass: start=...
!   fortran-opencl: nx=64 ny=64 steps=1000 ms_per_step=0.123456
!   mass: end=... rel_drift=...
! ms_per_step is the wall time of the time loop (the device finished)
! divided by the steps, for comparison with the Go driver's time per step.
! The final state, with the boundary conditions applied once more, is
! written as <out_prefix>H.bin, U.bin, V.bin: the full (nx+2, ny+2)
! real(4) arrays in array element order, as raw stream files.
program shallow_cl
  use, intrinsic :: iso_fortran_env, only: int64, real32, real64, error_unit
  use forocl_cl
  use wave_cl, only: wave_advance_cl
  use boundary_cl, only: reflect_cl
  implicit none

  integer :: nx, ny, steps, nargs, ios, n
  real(real64) :: dt
  character(len=512) :: prefix, arg
  character(len=16) :: init
  real(real32), allocatable, dimension(:,:) :: H, U, V
  type(forocl_array) :: dH, dU, dV, oH, oU, oV
  real(real64) :: mass0, mass1, ms
  integer(int64) :: t0, t1, rate

  nargs = command_argument_count()
  if (nargs < 5 .or. nargs > 6) call usage('expected 5 or 6 arguments')
  call get_command_argument(1, arg)
  read (arg, *, iostat=ios) nx
  if (ios /= 0 .or. nx < 1) call usage('bad nx: ' // trim(arg))
  call get_command_argument(2, arg)
  read (arg, *, iostat=ios) ny
  if (ios /= 0 .or. ny < 1) call usage('bad ny: ' // trim(arg))
  call get_command_argument(3, arg)
  read (arg, *, iostat=ios) steps
  if (ios /= 0 .or. steps < 0) call usage('bad steps: ' // trim(arg))
  call get_command_argument(4, arg)
  read (arg, *, iostat=ios) dt
  if (ios /= 0 .or. .not. (dt > 0.0_real64)) call usage('bad dt: ' // trim(arg))
  call get_command_argument(5, prefix)
  init = 'column'
  if (nargs == 6) then
    call get_command_argument(6, arg)
    if (arg /= 'column' .and. arg /= 'dambreak') call usage('unknown option: ' // trim(arg))
    init = arg(1:len(init))
  end if

  ! Initialise: the state on the host, then on the device.
  call forocl_init()
  write (*, '(2a)') 'device: ', forocl_device_name()
  allocate(H(nx+2, ny+2), U(nx+2, ny+2), V(nx+2, ny+2))
  call initial_height(H)
  U = 0.0
  V = 0.0
  mass0 = sum(real(H(2:nx+1, 2:ny+1), real64))
  write (*, '(2a)') 'mass: start=', num(mass0, '(es23.15)')
  call forocl_create(dH, H)
  call forocl_create(dU, U)
  call forocl_create(dV, V)
  call forocl_alloc(oH, forocl_real4, shape(H))
  call forocl_alloc(oU, forocl_real4, shape(H))
  call forocl_alloc(oV, forocl_real4, shape(H))

  ! The time loop: boundary conditions, then one step into the other
  ! arrays, which become current. Nothing is copied through the host.
  call system_clock(t0, rate)
  do n = 1, steps
    if (mod(n, 2) == 1) then
      call walls(dH, dU, dV)
      call wave_advance_cl(1.0, 1.0, real(dt, real32), dH, dU, dV, oH, oU, oV)
    else
      call walls(oH, oU, oV)
      call wave_advance_cl(1.0, 1.0, real(dt, real32), oH, oU, oV, dH, dU, dV)
    end if
  end do
  call forocl_finish()
  call system_clock(t1)

  ! Copy back at the end (after an odd number of steps the state is in oH).
  if (mod(steps, 2) == 1) then
    call walls(oH, oU, oV)
    call forocl_read(oH, H)
    call forocl_read(oU, U)
    call forocl_read(oV, V)
  else
    call walls(dH, dU, dV)
    call forocl_read(dH, H)
    call forocl_read(dU, U)
    call forocl_read(dV, V)
  end if
  ms = 0.0_real64
  if (steps > 0) ms = 1000.0_real64*real(t1 - t0, real64)/real(rate, real64)/steps
  mass1 = sum(real(H(2:nx+1, 2:ny+1), real64))
  write (*, '(a,i0,a,i0,a,i0,2a)') 'fortran-opencl: nx=', nx, ' ny=', ny, ' steps=', steps, &
      ' ms_per_step=', num(ms, '(f16.6)')
  write (*, '(4a)') 'mass: end=', num(mass1, '(es23.15)'), ' rel_drift=', num((mass1 - mass0)/mass0, '(es10.3)')
  call write_raw(trim(prefix) // 'H.bin', H)
  call write_raw(trim(prefix) // 'U.bin', U)
  call write_raw(trim(prefix) // 'V.bin', V)
  call forocl_free(dH)
  call forocl_free(dU)
  call forocl_free(dV)
  call forocl_free(oH)
  call forocl_free(oU)
  call forocl_free(oV)

contains

  ! walls applies the reflective walls to one state (boundary.f90's
  ! reflect, two launches).
  subroutine walls(A, B, C)
    type(forocl_array), intent(inout) :: A, B, C
    call reflect_cl(nx + 2, ny + 2, A, B, C)
  end subroutine walls

  ! initial_height is serial.f90's initial state in real(4): computed in
  ! double precision, then rounded.
  subroutine initial_height(A)
    real(real32), intent(out) :: A(:,:)
    real(real64) :: xc, yc, s, r0, x, y
    integer :: i, j
    xc = 0.5_real64*nx
    yc = 0.5_real64*ny
    s  = min(nx, ny)/10.0_real64
    r0 = min(nx, ny)/5.0_real64
    do j = 1, ny + 2
      y = j - 1.5_real64
      do i = 1, nx + 2
        x = i - 1.5_real64
        if (init == 'dambreak') then
          A(i,j) = 1.0
          if ((x - xc)**2 + (y - yc)**2 < r0**2) A(i,j) = 2.0
        else
          A(i,j) = real(1.0_real64 + exp(-((x - xc)**2 + (y - yc)**2)/(2.0_real64*s**2)), real32)
        end if
      end do
    end do
  end subroutine initial_height

  ! num is x written with the edit descriptor fmt, without leading blanks.
  function num(x, fmt) result(text)
    real(real64), intent(in) :: x
    character(len=*), intent(in) :: fmt
    character(len=:), allocatable :: text
    character(len=40) :: buf
    write (buf, fmt) x
    text = trim(adjustl(buf))
  end function num

  subroutine write_raw(fname, A)
    character(len=*), intent(in) :: fname
    real(real32), intent(in) :: A(:,:)
    integer :: unit
    open (newunit=unit, file=fname, access='stream', form='unformatted', status='replace', action='write')
    write (unit) A
    close (unit)
  end subroutine write_raw

  subroutine usage(why)
    character(len=*), intent(in) :: why
    write (error_unit, '(2a)') 'shallow_cl: ', why
    write (error_unit, '(a)') 'usage: shallow_cl nx ny steps dt out_prefix [column|dambreak]'
    stop 2
  end subroutine usage

end program shallow_cl
