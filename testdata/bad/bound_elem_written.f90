! A loop bound read from an element: only an intent(in) array's element
! is known before the launches (no launch changes it), or one without
! INTENT that the kernel never writes; an element of an array the kernel
! writes is not, whether on the host (lim) or in a nest (cnt).
!$OFP PURE, KERNEL :: bounds_from
subroutine bounds_from(n, lim, cnt, u, v)
  integer, intent(in) :: n
  integer, intent(inout) :: lim(2)
  integer :: cnt(2)
  real, intent(in) :: u(n)
  real, intent(out) :: v(n)
  integer :: i, m, k
  m = lim(1)  ! ERROR [host-var] "an element of \"lim\", which is not an intent(in) dummy"
  k = cnt(2)  ! ERROR [host-var] "an element of \"cnt\", which is not an intent(in) dummy"
  lim(2) = n
  do concurrent (i = 1:m)
    v(i) = u(i)
  end do
  do concurrent (i = k:n)
    v(i) = 2*u(i)
  end do
  do concurrent (i = 1:2)
    cnt(i) = i
  end do
end subroutine bounds_from
