! Reductions written as plain DO loops, with no directive, as legacy codes
! write them: a dot product into an intent(out) result, a largest value
! and a test on logicals, a sum into a local whose value the next nest
! uses (the mean it subtracts), and a sum carried through a time loop.
! Each runs as written, in order, on one work-item (warning loop-serial),
! and gives gfortran's results bit for bit; under --auto-reduce the same
! loops become parallel reductions (golden's TestAutoReduce).
!$OFP PURE, KERNEL :: plain_stats
subroutine plain_stats(n, nt, a, b, dot, amax, anyneg, allpos, prod, amin, total, centred)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: a(n), b(n)
  real(8), intent(out) :: dot, amax, prod, amin, total
  logical, intent(out) :: anyneg, allpos
  real(8), intent(out) :: centred(n)
  integer :: i, it
  real(8) :: s, mean
  dot = 0.0d0
  do i = 1, n  ! WARNING [loop-serial] a dot product
    dot = dot + a(i)*b(i)
  end do
  amax = -1.0d30
  anyneg = .false.
  allpos = .true.
  prod = 1.0d0
  amin = 1.0d30
  do i = 1, n  ! WARNING [loop-serial] max, .or., .and., * and min
    amax = max(amax, a(i) - b(i))
    anyneg = anyneg .or. a(i) - b(i) < 0.0d0
    allpos = allpos .and. b(i) > 0.0d0
    prod = prod*(1.0d0 + 0.01d0*a(i))
    amin = min(b(i), amin)
  end do
  s = 0.0d0
  do i = 1, n  ! WARNING [loop-serial] a sum into a local
    s = s + a(i)
  end do
  mean = s/n
  do i = 1, n
    centred(i) = a(i) - mean
  end do
  total = 0.0d0
  do it = 1, nt  ! WARNING [loop-serial] a sum carried through a time loop
    do i = 1, n
      total = total + 0.5d0*b(i)
    end do
  end do
end subroutine plain_stats
