! Loops written without directives that forocl cannot run in parallel: a
! running sum, a recurrence in place and a time loop around a nest. Each
! runs as written, in order, on one work-item (warning loop-serial), and
! gives gfortran's results; the independent nest after them runs in
! parallel. Corpus files may have warnings only where a "! WARNING
! [code]" comment names them (sema's TestKernels).
!$OFP PURE, KERNEL :: serial_mix
subroutine serial_mix(n, nt, a, b, c, d)
  implicit none
  integer :: n, nt
  real :: a(n), b(n), c(n), d(n)
  real :: s
  integer :: j, it
  s = 0
  do j = 1, n  ! WARNING [loop-serial] a running sum
    s = s + a(j)
    b(j) = s
  end do
  do j = 2, n  ! WARNING [loop-serial] a recurrence in place
    c(j) = c(j-1) + 0.5*a(j)
  end do
  do it = 1, nt  ! WARNING [loop-serial] a time loop around a nest
    do j = 1, n
      d(j) = 0.5*(d(j) + a(j))
    end do
  end do
  do j = 1, n
    a(j) = 2.0*a(j)
  end do
end subroutine serial_mix
