! rt_main: the runtime test's program (runtime_test.go). It calls
! rt_kernels_port's procedures the way an application's driver calls its
! kernels, with forocl_update_host before each host read and
! forocl_update_device after each host write, so every mode (FOROCL_DEVICE
! =host, coherent, resident) prints the same values. The first argument
! picks a scenario: (none) the time loop, call-resident (the same, resident
! mode switched on by a call), unannounced (a host write without
! forocl_update_device), overlap (a section of a resident array that the
! device wrote, passed as a whole array; small-overlap: a small one),
! small (small arrays that the
! host writes and reads without updates; small-many: a list with a new
! value at each call); a second argument call-resident
! switches resident mode on by a call first.
program rt_main
  use forocl_cl, only: forocl_update_host, forocl_update_device, forocl_release, forocl_finish, &
      forocl_resident, forocl_device_name
  use rt_kernels_port
  implicit none
  integer, parameter :: n = 1000
  integer, parameter :: n3 = 12                 ! m and c: 6912 and 3456 bytes
  real(8) :: a(0:n+1), b(0:n+1), s, e(4)
  real(4) :: f(-1:42, -1:32)                     ! 5984 bytes: kept in resident mode
  integer(8) :: m(n3, n3, n3)
  integer :: c(n3, n3, n3), i, step, fields(2), many(3)
  character(len=32) :: arg, arg2

  call get_command_argument(1, arg)
  call get_command_argument(2, arg2)
  if (arg2 == 'call-resident') call forocl_resident(.true.)
  do i = 0, n + 1
    a(i) = sin(0.01d0*i) + 1
  end do
  b = -7d0
  f = 2.0
  m = reshape([(int(i, 8), i = 1, n3**3)], [n3, n3, n3])
  c = 0
  select case (arg)
  case ('unannounced')
    call scale2(40, 30, f, 3.0)    ! the device writes f: 7 inside
    f(1, 1) = 100.0              ! the host writes it, without forocl_update_device
    call scale2(40, 30, f, 3.0)
    call forocl_update_host(f)
    print '(a, f12.3)', 'f(1,1) ', f(1, 1)
    call forocl_finish()
    stop
  case ('overlap', 'small-overlap')
    call smooth(n, a, b)         ! the device writes b
    if (arg == 'overlap') then
      call total(n - 2, b(1:), s)  ! part of b, passed as a whole array
    else
      call total(2, b, s)        ! b(0:3): small, but part of resident b
    end if
    print '(a, es25.17)', 'total ', s
    call forocl_finish()
    stop
  case ('small')
    ! fields and e are small: passed at each call in every mode, so the
    ! host fills fields and reads e with no update (FOROCL_CHECK=1 passes)
    do step = 1, 6
      fields = [mod(step, 2), merge(1, 0, step > 3)]
      call pick(n, fields, a, b, e)
      print '(a, i2, 4es25.17)', 'e', step, e
    end do
    call forocl_update_host(a)
    call forocl_update_host(b)
    print '(a, 2es25.17)', 'sums', sum(a), sum(b)
    call forocl_finish()
    stop
  case ('small-many')
    ! a list with another value at each call: more than resident mode
    ! keeps (64), so copies are replaced while the calls go on
    do step = 1, 150
      ! a section with a stride: pick gets the compiler's temporary copy
      many = [merge(1, 100 + step, mod(step, 2) == 1), 7, merge(1, 300 + step, mod(step, 3) == 0)]
      call pick(n, many(1:3:2), a, b, e)
      if (mod(step, 50) == 0) print '(a, i4, 4es25.17)', 'e', step, e
    end do
    call forocl_update_host(a)
    call forocl_update_host(b)
    print '(a, 2es25.17)', 'sums', sum(a), sum(b)
    call forocl_finish()
    stop
  case ('call-resident')
    call forocl_resident(.true.)
  end select

  do step = 1, 5
    call smooth(n, a, b)
    call smooth(n, b, a)
    call total(n, a, s)
    call scale2(40, 30, f, 0.5)
    call count3(n3, m, c, int(300*step, 8))
    call forocl_update_host(a)
    call forocl_update_host(b)
    print '(a, i2, 4es25.17)', 'step', step, s, a(1), b(n), a(0)
    call total(n/2, a, s)        ! fewer partial sums; a copy of part of a
    print '(a, es25.17)', 'half', s
    a(0) = a(1)                  ! a boundary condition on the host
    a(n + 1) = a(n)
    call forocl_update_device(a)
    b(1:10) = 0.5d0*b(1:10)      ! a host write to part of b
    call forocl_update_device(b(1:10))
  end do
  call forocl_release(f)         ! copies back what the device wrote
  print '(a, es25.17)', 'f ', sum(f)
  f(1, 1) = 100.0                ! f is not resident now: no update needed
  call scale2(40, 30, f, 0.5)
  call forocl_update_host(f)
  print '(a, 2es25.17)', 'f2 ', sum(f), f(1, 1)
  call forocl_finish()           ! copies back c, which the device wrote
  print '(a, 2i8)', 'c ', sum(c), c(n3, n3, n3)
  call smooth(n, a, b)           ! after forocl_finish: uploaded again
  call forocl_finish()
  print '(a, es25.17)', 'b ', sum(b(1:n))
  print '(2a)', 'device: ', trim(forocl_device_name())
end program rt_main
