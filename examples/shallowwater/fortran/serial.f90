! serial.f90: serial driver of the shallow-water example, built with gfortran.
!
!   gfortran -O2 -std=f2008 fortran/forocl_regions.f90 \
!       examples/shallowwater/fortran/wave.f90 \
!       examples/shallowwater/fortran/wave_dp.f90 \
!       examples/shallowwater/fortran/serial.f90 -o /tmp/shallow_serial
!
!   shallow_serial nx ny steps dt out_prefix [column|dambreak] [array|loop] [sp|dp]
!
! nx, ny are the numbers of interior cells; every array has the full extent
! (nx+2, ny+2) with a one-cell halo. dx = dy = 1. The optional words may come
! in any order after out_prefix:
!   column    (default) H = 1 + exp(-r^2/(2 s^2)), a smooth raised column of
!             water centred on the grid, s = min(nx,ny)/10 cells;
!   dambreak  H = 2 inside the circle of radius min(nx,ny)/5 cells around the
!             grid centre and 1 outside (a sharp front: Lax-Wendroff rings);
!   array     (default) step with the data-parallel kernel wave_advance
!             (module wave), the code that forocl translates;
!   loop      step with wave_advance_loops below: the same arithmetic, in
!             the same order, written with explicit DO loops (the paper's
!             second serial version, for timing);
!   sp / dp   single precision (default) or double precision (wave_dp's
!             wave_advance_dp, or wave_advance_loops_dp). dp writes '<f8'.
! In both initial states U = V = 0. Cell (i,j) of the interior has its centre
! at x = i - 1.5, y = j - 1.5 (cell units), the grid centre is (nx/2, ny/2).
!
! Every time step first applies reflective (solid wall) boundary conditions
! to the halo of H, U, V (subroutine reflect), then calls the kernel. The
! kernel writes only the interior of its outputs, so the program keeps two
! sets of arrays and alternates (H,U,V) -> (oH,oU,oV) and (oH,oU,oV) ->
! (H,U,V): no copies. The loop is timed with system_clock (int64 counts).
!
! Output, on standard output:
!   config: init=column mode=array precision=sp dt=... cfl=...
!   mass: start=...
!   serial: nx=64 ny=64 steps=1000 ms_per_step=0.123456
!   mass: end=... rel_drift=...
! where mass is the sum of the interior of H (accumulated in double), cfl is
! dt (sqrt(g max H) + max |velocity|) / dx for the initial state, and
! rel_drift = (end - start) / start. The final state, with the boundary
! conditions applied once more so that the halo matches the interior, is
! written as <out_prefix>H.npy, <out_prefix>U.npy and <out_prefix>V.npy: the
! full (nx+2, ny+2) arrays as NumPy version 1.0 files, fortran_order True.
! The program stops with status 1 if the final state is not finite and with
! status 2 on bad arguments.
!
! Reflective boundary conditions (reflect): the ghost cells mirror their
! interior neighbour, with the normal momentum negated:
!   left/right ghost columns (i = 1, n1; rows 2..n2-1):
!       H, V copied from column 2 (resp. n1-1), U = -U of that column;
!   bottom/top ghost rows (j = 1, n2; all columns, corners included), done
!   after the columns:
!       H, U copied from row 2 (resp. n2-1), V = -V of that row.
! So a corner takes the value of its diagonal interior neighbour with both
! U and V negated, e.g. H(1,1) = H(2,2), U(1,1) = -U(2,2), V(1,1) = -V(2,2).
! The kernel never reads the corners (the x faces use rows 2..n2-1, the y
! faces columns 2..n1-1). At a wall the face value of the normal momentum
! computed by the kernel is exactly zero, so no mass crosses the boundary and
! the total mass changes only by rounding.
module serial_support
  use, intrinsic :: iso_fortran_env, only: int8, int32, real32, real64
  implicit none
  private
  public :: reflect, write_npy, initial_height
  public :: wave_advance_loops, wave_advance_loops_dp

  interface reflect
    module procedure reflect_sp, reflect_dp
  end interface reflect

  interface write_npy
    module procedure write_npy_sp, write_npy_dp
  end interface write_npy

contains

  ! Initial water height (double precision, full array including halo; the
  ! halo is overwritten by reflect before the first step).
  subroutine initial_height(init, nx, ny, H)
    character(len=*), intent(in) :: init
    integer, intent(in) :: nx, ny
    real(real64), intent(out) :: H(:,:)
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
        select case (init)
        case ('dambreak')
          if ((x - xc)**2 + (y - yc)**2 < r0**2) then
            H(i,j) = 2.0_real64
          else
            H(i,j) = 1.0_real64
          end if
        case default
          H(i,j) = 1.0_real64 + exp(-((x - xc)**2 + (y - yc)**2)/(2.0_real64*s**2))
        end select
      end do
    end do
  end subroutine initial_height

  subroutine reflect_sp(H, U, V)
    real(real32), intent(inout) :: H(:,:), U(:,:), V(:,:)
    integer :: n1, n2
    n1 = size(H,1)
    n2 = size(H,2)
    H(1, 2:n2-1)  =  H(2, 2:n2-1)
    U(1, 2:n2-1)  = -U(2, 2:n2-1)
    V(1, 2:n2-1)  =  V(2, 2:n2-1)
    H(n1, 2:n2-1) =  H(n1-1, 2:n2-1)
    U(n1, 2:n2-1) = -U(n1-1, 2:n2-1)
    V(n1, 2:n2-1) =  V(n1-1, 2:n2-1)
    H(:, 1)  =  H(:, 2)
    U(:, 1)  =  U(:, 2)
    V(:, 1)  = -V(:, 2)
    H(:, n2) =  H(:, n2-1)
    U(:, n2) =  U(:, n2-1)
    V(:, n2) = -V(:, n2-1)
  end subroutine reflect_sp

  subroutine reflect_dp(H, U, V)
    real(real64), intent(inout) :: H(:,:), U(:,:), V(:,:)
    integer :: n1, n2
    n1 = size(H,1)
    n2 = size(H,2)
    H(1, 2:n2-1)  =  H(2, 2:n2-1)
    U(1, 2:n2-1)  = -U(2, 2:n2-1)
    V(1, 2:n2-1)  =  V(2, 2:n2-1)
    H(n1, 2:n2-1) =  H(n1-1, 2:n2-1)
    U(n1, 2:n2-1) = -U(n1-1, 2:n2-1)
    V(n1, 2:n2-1) =  V(n1-1, 2:n2-1)
    H(:, 1)  =  H(:, 2)
    U(:, 1)  =  U(:, 2)
    V(:, 1)  = -V(:, 2)
    H(:, n2) =  H(:, n2-1)
    U(:, n2) =  U(:, n2-1)
    V(:, n2) = -V(:, n2-1)
  end subroutine reflect_dp

  ! wave_advance written with DO loops. Face arrays are indexed by the cell
  ! on their low side: Hx(i,j) lies between cells (i,j) and (i+1,j), Hy(i,j)
  ! between (i,j) and (i,j+1). Every expression has the operands and the
  ! parenthesisation of the array version in wave.f90, so both give the same
  ! rounding (up to what the compiler does with constants).
  subroutine wave_advance_loops(dx, dy, dt, H, U, V, oH, oU, oV)
    use wave, only: g
    real(real32), intent(in) :: dx, dy, dt
    real(real32), intent(in) :: H(:,:), U(:,:), V(:,:)
    real(real32), intent(inout) :: oH(:,:), oU(:,:), oV(:,:)
    real(real32), allocatable, dimension(:,:) :: Hx, Ux, Vx, Hy, Uy, Vy
    integer :: n1, n2, i, j

    n1 = size(H,1)
    n2 = size(H,2)
    allocate(Hx(n1-1, 2:n2-1), Ux(n1-1, 2:n2-1), Vx(n1-1, 2:n2-1))
    allocate(Hy(2:n1-1, n2-1), Uy(2:n1-1, n2-1), Vy(2:n1-1, n2-1))

    do j = 2, n2-1
      do i = 1, n1-1
        Hx(i,j) = 0.5*( H(i,j) + H(i+1,j) )                                  &
                - (0.5*dt/dx)*( U(i+1,j) - U(i,j) )
        Ux(i,j) = 0.5*( U(i,j) + U(i+1,j) )                                  &
                - (0.5*dt/dx)*( ( U(i+1,j)**2/H(i+1,j) + 0.5*g*H(i+1,j)**2 ) &
                              - ( U(i,j)**2/H(i,j) + 0.5*g*H(i,j)**2 ) )
        Vx(i,j) = 0.5*( V(i,j) + V(i+1,j) )                                  &
                - (0.5*dt/dx)*( U(i+1,j)*V(i+1,j)/H(i+1,j)                   &
                              - U(i,j)*V(i,j)/H(i,j) )
      end do
    end do

    do j = 1, n2-1
      do i = 2, n1-1
        Hy(i,j) = 0.5*( H(i,j) + H(i,j+1) )                                  &
                - (0.5*dt/dy)*( V(i,j+1) - V(i,j) )
        Uy(i,j) = 0.5*( U(i,j) + U(i,j+1) )                                  &
                - (0.5*dt/dy)*( V(i,j+1)*U(i,j+1)/H(i,j+1)                   &
                              - V(i,j)*U(i,j)/H(i,j) )
        Vy(i,j) = 0.5*( V(i,j) + V(i,j+1) )                                  &
                - (0.5*dt/dy)*( ( V(i,j+1)**2/H(i,j+1) + 0.5*g*H(i,j+1)**2 ) &
                              - ( V(i,j)**2/H(i,j) + 0.5*g*H(i,j)**2 ) )
      end do
    end do

    do j = 2, n2-1
      do i = 2, n1-1
        oH(i,j) = H(i,j)                                                     &
                - (dt/dx)*( Ux(i,j) - Ux(i-1,j) )                            &
                - (dt/dy)*( Vy(i,j) - Vy(i,j-1) )
        oU(i,j) = U(i,j)                                                     &
                - (dt/dx)*( ( Ux(i,j)**2/Hx(i,j) + 0.5*g*Hx(i,j)**2 )        &
                          - ( Ux(i-1,j)**2/Hx(i-1,j) + 0.5*g*Hx(i-1,j)**2 ) )&
                - (dt/dy)*( Vy(i,j)*Uy(i,j)/Hy(i,j)                          &
                          - Vy(i,j-1)*Uy(i,j-1)/Hy(i,j-1) )
        oV(i,j) = V(i,j)                                                     &
                - (dt/dx)*( Ux(i,j)*Vx(i,j)/Hx(i,j)                          &
                          - Ux(i-1,j)*Vx(i-1,j)/Hx(i-1,j) )                  &
                - (dt/dy)*( ( Vy(i,j)**2/Hy(i,j) + 0.5*g*Hy(i,j)**2 )        &
                          - ( Vy(i,j-1)**2/Hy(i,j-1) + 0.5*g*Hy(i,j-1)**2 ) )
      end do
    end do
  end subroutine wave_advance_loops

  ! wave_advance_loops in double precision (the loop form of wave_dp).
  subroutine wave_advance_loops_dp(dx, dy, dt, H, U, V, oH, oU, oV)
    use wave_dp, only: g
    real(real64), intent(in) :: dx, dy, dt
    real(real64), intent(in) :: H(:,:), U(:,:), V(:,:)
    real(real64), intent(inout) :: oH(:,:), oU(:,:), oV(:,:)
    real(real64), allocatable, dimension(:,:) :: Hx, Ux, Vx, Hy, Uy, Vy
    real(real64), parameter :: half = 0.5_real64
    integer :: n1, n2, i, j

    n1 = size(H,1)
    n2 = size(H,2)
    allocate(Hx(n1-1, 2:n2-1), Ux(n1-1, 2:n2-1), Vx(n1-1, 2:n2-1))
    allocate(Hy(2:n1-1, n2-1), Uy(2:n1-1, n2-1), Vy(2:n1-1, n2-1))

    do j = 2, n2-1
      do i = 1, n1-1
        Hx(i,j) = half*( H(i,j) + H(i+1,j) )                                  &
                - (half*dt/dx)*( U(i+1,j) - U(i,j) )
        Ux(i,j) = half*( U(i,j) + U(i+1,j) )                                  &
                - (half*dt/dx)*( ( U(i+1,j)**2/H(i+1,j) + half*g*H(i+1,j)**2 ) &
                               - ( U(i,j)**2/H(i,j) + half*g*H(i,j)**2 ) )
        Vx(i,j) = half*( V(i,j) + V(i+1,j) )                                  &
                - (half*dt/dx)*( U(i+1,j)*V(i+1,j)/H(i+1,j)                   &
                               - U(i,j)*V(i,j)/H(i,j) )
      end do
    end do

    do j = 1, n2-1
      do i = 2, n1-1
        Hy(i,j) = half*( H(i,j) + H(i,j+1) )                                  &
                - (half*dt/dy)*( V(i,j+1) - V(i,j) )
        Uy(i,j) = half*( U(i,j) + U(i,j+1) )                                  &
                - (half*dt/dy)*( V(i,j+1)*U(i,j+1)/H(i,j+1)                   &
                               - V(i,j)*U(i,j)/H(i,j) )
        Vy(i,j) = half*( V(i,j) + V(i,j+1) )                                  &
                - (half*dt/dy)*( ( V(i,j+1)**2/H(i,j+1) + half*g*H(i,j+1)**2 ) &
                               - ( V(i,j)**2/H(i,j) + half*g*H(i,j)**2 ) )
      end do
    end do

    do j = 2, n2-1
      do i = 2, n1-1
        oH(i,j) = H(i,j)                                                      &
                - (dt/dx)*( Ux(i,j) - Ux(i-1,j) )                             &
                - (dt/dy)*( Vy(i,j) - Vy(i,j-1) )
        oU(i,j) = U(i,j)                                                      &
                - (dt/dx)*( ( Ux(i,j)**2/Hx(i,j) + half*g*Hx(i,j)**2 )        &
                          - ( Ux(i-1,j)**2/Hx(i-1,j) + half*g*Hx(i-1,j)**2 ) )&
                - (dt/dy)*( Vy(i,j)*Uy(i,j)/Hy(i,j)                           &
                          - Vy(i,j-1)*Uy(i,j-1)/Hy(i,j-1) )
        oV(i,j) = V(i,j)                                                      &
                - (dt/dx)*( Ux(i,j)*Vx(i,j)/Hx(i,j)                           &
                          - Ux(i-1,j)*Vx(i-1,j)/Hx(i-1,j) )                   &
                - (dt/dy)*( ( Vy(i,j)**2/Hy(i,j) + half*g*Hy(i,j)**2 )        &
                          - ( Vy(i,j-1)**2/Hy(i,j-1) + half*g*Hy(i,j-1)**2 ) )
      end do
    end do
  end subroutine wave_advance_loops_dp

  ! The NumPy .npy header (format version 1.0) for a Fortran-ordered 2-D
  ! array: magic "\x93NUMPY", version bytes 1 0, the header length as a
  ! little-endian uint16, then the dictionary padded with spaces and ended by
  ! a newline so that the whole preamble is a multiple of 64 bytes.
  subroutine write_npy_header(unit, descr, n1, n2)
    integer, intent(in) :: unit, n1, n2
    character(len=*), intent(in) :: descr
    character(len=128) :: dict
    integer :: dlen, hlen
    integer :: bytes(10)

    write (dict, '(a,a,a,i0,a,i0,a)') "{'descr': '", descr, &
        "', 'fortran_order': True, 'shape': (", n1, ", ", n2, "), }"
    dlen = len_trim(dict)
    hlen = dlen + 1
    hlen = hlen + modulo(-(10 + hlen), 64)
    bytes = [147, 78, 85, 77, 80, 89, 1, 0, modulo(hlen, 256), hlen/256]
    where (bytes > 127) bytes = bytes - 256
    write (unit) int(bytes, int8)
    write (unit) dict(1:dlen) // repeat(' ', hlen - dlen - 1) // achar(10)
  end subroutine write_npy_header

  ! '<' on a little-endian machine, '>' on a big-endian one.
  character(len=1) function byte_order()
    integer(int8) :: bytes(4)
    bytes = transfer(1_int32, bytes)
    if (bytes(1) == 1_int8) then
      byte_order = '<'
    else
      byte_order = '>'
    end if
  end function byte_order

  subroutine write_npy_sp(fname, A)
    character(len=*), intent(in) :: fname
    real(real32), intent(in) :: A(:,:)
    integer :: unit
    open (newunit=unit, file=fname, access='stream', form='unformatted', &
          status='replace', action='write')
    call write_npy_header(unit, byte_order() // 'f4', size(A,1), size(A,2))
    write (unit) A
    close (unit)
  end subroutine write_npy_sp

  subroutine write_npy_dp(fname, A)
    character(len=*), intent(in) :: fname
    real(real64), intent(in) :: A(:,:)
    integer :: unit
    open (newunit=unit, file=fname, access='stream', form='unformatted', &
          status='replace', action='write')
    call write_npy_header(unit, byte_order() // 'f8', size(A,1), size(A,2))
    write (unit) A
    close (unit)
  end subroutine write_npy_dp

end module serial_support


program shallow_serial
  use, intrinsic :: iso_fortran_env, only: int64, real32, real64, error_unit
  use, intrinsic :: ieee_arithmetic, only: ieee_is_finite
  use serial_support
  use wave, only: wave_advance, g
  use wave_dp, only: wave_advance_dp
  implicit none

  integer :: nx, ny, steps, nargs, i, ios
  real(real64) :: dt
  character(len=512) :: prefix, arg
  character(len=16) :: init, mode, precision
  real(real64), allocatable :: H0(:,:)

  nargs = command_argument_count()
  if (nargs < 5 .or. nargs > 8) call usage('expected 5 to 8 arguments')
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
  mode = 'array'
  precision = 'sp'
  do i = 6, nargs
    call get_command_argument(i, arg)
    select case (arg)
    case ('column', 'dambreak')
      init = arg(1:len(init))
    case ('array', 'loop')
      mode = arg(1:len(mode))
    case ('sp', 'dp')
      precision = arg(1:len(precision))
    case default
      call usage('unknown option: ' // trim(arg))
    end select
  end do

  allocate(H0(nx+2, ny+2))
  call initial_height(init, nx, ny, H0)
  write (*, '(10a)') 'config: init=', trim(init), ' mode=', trim(mode), &
      ' precision=', trim(precision), ' dt=', num(dt, '(es13.6)'), &
      ' cfl=', num(dt*sqrt(g*maxval(H0)), '(f10.6)')
  if (precision == 'dp') then
    call run_dp()
  else
    call run_sp()
  end if

contains

  subroutine usage(why)
    character(len=*), intent(in) :: why
    write (error_unit, '(2a)') 'shallow_serial: ', why
    write (error_unit, '(a)') 'usage: shallow_serial nx ny steps dt out_prefix ' // &
        '[column|dambreak] [array|loop] [sp|dp]'
    stop 2
  end subroutine usage

  ! x written with the edit descriptor fmt, without the leading blanks
  function num(x, fmt) result(text)
    real(real64), intent(in) :: x
    character(len=*), intent(in) :: fmt
    character(len=:), allocatable :: text
    character(len=40) :: buf
    write (buf, fmt) x
    text = trim(adjustl(buf))
  end function num

  subroutine report(mass0, mass1, t0, t1, rate)
    real(real64), intent(in) :: mass0, mass1
    integer(int64), intent(in) :: t0, t1, rate
    real(real64) :: ms
    ms = 0.0_real64
    if (steps > 0) ms = 1000.0_real64*real(t1 - t0, real64)/real(rate, real64)/steps
    write (*, '(a,i0,a,i0,a,i0,2a)') 'serial: nx=', nx, ' ny=', ny, ' steps=', steps, &
        ' ms_per_step=', num(ms, '(f16.6)')
    write (*, '(4a)') 'mass: end=', num(mass1, '(es23.15)'), &
        ' rel_drift=', num((mass1 - mass0)/mass0, '(es10.3)')
  end subroutine report

  subroutine run_sp()
    real(real32), allocatable, dimension(:,:) :: H, U, V, oH, oU, oV
    real(real32) :: dx, dy, dts
    real(real64) :: mass0, mass1
    integer(int64) :: t0, t1, rate
    integer :: n

    dx = 1.0
    dy = 1.0
    dts = real(dt, real32)
    allocate(H(nx+2, ny+2), U(nx+2, ny+2), V(nx+2, ny+2))
    allocate(oH(nx+2, ny+2), oU(nx+2, ny+2), oV(nx+2, ny+2))
    H = real(H0, real32)
    U = 0.0
    V = 0.0
    oH = 0.0
    oU = 0.0
    oV = 0.0
    mass0 = sum(real(H(2:nx+1, 2:ny+1), real64))
    write (*, '(2a)') 'mass: start=', num(mass0, '(es23.15)')

    call system_clock(t0, rate)
    do n = 1, steps
      if (mod(n, 2) == 1) then
        call reflect(H, U, V)
        if (mode == 'loop') then
          call wave_advance_loops(dx, dy, dts, H, U, V, oH, oU, oV)
        else
          call wave_advance(dx, dy, dts, H, U, V, oH, oU, oV)
        end if
      else
        call reflect(oH, oU, oV)
        if (mode == 'loop') then
          call wave_advance_loops(dx, dy, dts, oH, oU, oV, H, U, V)
        else
          call wave_advance(dx, dy, dts, oH, oU, oV, H, U, V)
        end if
      end if
    end do
    call system_clock(t1)

    ! after an odd number of steps the state is in oH, oU, oV
    if (mod(steps, 2) == 1) then
      call move_alloc(oH, H)
      call move_alloc(oU, U)
      call move_alloc(oV, V)
    end if
    call reflect(H, U, V)
    mass1 = sum(real(H(2:nx+1, 2:ny+1), real64))
    call report(mass0, mass1, t0, t1, rate)
    call write_npy(trim(prefix) // 'H.npy', H)
    call write_npy(trim(prefix) // 'U.npy', U)
    call write_npy(trim(prefix) // 'V.npy', V)
    if (.not. (all(ieee_is_finite(H)) .and. all(ieee_is_finite(U)) .and. all(ieee_is_finite(V)))) then
      write (error_unit, '(a)') 'shallow_serial: the final state is not finite'
      stop 1
    end if
  end subroutine run_sp

  subroutine run_dp()
    real(real64), allocatable, dimension(:,:) :: H, U, V, oH, oU, oV
    real(real64) :: dx, dy
    real(real64) :: mass0, mass1
    integer(int64) :: t0, t1, rate
    integer :: n

    dx = 1.0_real64
    dy = 1.0_real64
    allocate(H(nx+2, ny+2), U(nx+2, ny+2), V(nx+2, ny+2))
    allocate(oH(nx+2, ny+2), oU(nx+2, ny+2), oV(nx+2, ny+2))
    H = H0
    U = 0.0_real64
    V = 0.0_real64
    oH = 0.0_real64
    oU = 0.0_real64
    oV = 0.0_real64
    mass0 = sum(H(2:nx+1, 2:ny+1))
    write (*, '(2a)') 'mass: start=', num(mass0, '(es23.15)')

    call system_clock(t0, rate)
    do n = 1, steps
      if (mod(n, 2) == 1) then
        call reflect(H, U, V)
        if (mode == 'loop') then
          call wave_advance_loops_dp(dx, dy, dt, H, U, V, oH, oU, oV)
        else
          call wave_advance_dp(dx, dy, dt, H, U, V, oH, oU, oV)
        end if
      else
        call reflect(oH, oU, oV)
        if (mode == 'loop') then
          call wave_advance_loops_dp(dx, dy, dt, oH, oU, oV, H, U, V)
        else
          call wave_advance_dp(dx, dy, dt, oH, oU, oV, H, U, V)
        end if
      end if
    end do
    call system_clock(t1)

    ! after an odd number of steps the state is in oH, oU, oV
    if (mod(steps, 2) == 1) then
      call move_alloc(oH, H)
      call move_alloc(oU, U)
      call move_alloc(oV, V)
    end if
    call reflect(H, U, V)
    mass1 = sum(H(2:nx+1, 2:ny+1))
    call report(mass0, mass1, t0, t1, rate)
    call write_npy(trim(prefix) // 'H.npy', H)
    call write_npy(trim(prefix) // 'U.npy', U)
    call write_npy(trim(prefix) // 'V.npy', V)
    if (.not. (all(ieee_is_finite(H)) .and. all(ieee_is_finite(U)) .and. all(ieee_is_finite(V)))) then
      write (error_unit, '(a)') 'shallow_serial: the final state is not finite'
      stop 1
    end if
  end subroutine run_dp

end program shallow_serial
