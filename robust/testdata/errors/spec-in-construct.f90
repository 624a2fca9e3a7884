subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0) then
    real :: c  ! ERROR [spec-in-construct] "a \"declaration\" statement is not allowed inside"
    b = a
  end if
end subroutine k
