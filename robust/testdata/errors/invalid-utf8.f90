subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a * 2.0 ÿ  ! ERROR [invalid-utf8] "invalid byte 0xff (the file is not valid UTF-8)"
end subroutine k
